import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { homePathFor } from '../../components/layout/nav-items';
import { useSession } from '../../lib/session/session-context';

/**
 * On the sign-in page for `pageRole`: tells someone signed in with another kind of account (a citizen sent here from
 * /admin/... or /police/...) who they are signed in as, and leads back to their own pages.
 */
export function SignedInAsNotice({ pageRole }: { pageRole: Role }) {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  if (!user || user.role === pageRole) return null;
  return (
    <div data-testid="signed-in-as">
      <Alert kind="info">
        <p>{t(`signedInAs.${user.role}`)}</p>
        <p>
          <Link to={homePathFor(user)}>{t(user.role === 'citizen' ? 'signedInAs.backHome' : 'signedInAs.backDashboard')}</Link>
        </p>
      </Alert>
    </div>
  );
}
