import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { dismissSessionEnded, peekSessionEnded } from '../../lib/session/session-ended';
import { signInPathFor } from '../../paths';

/**
 * On a sign-in page after the session ended mid-page (a 401): says so, and that the open form was kept, when
 * the page the user was on belongs to this sign-in page's area. Shown until the user leaves the page.
 */
export function SessionEndedNotice({ signInPath }: { signInPath: string }) {
  const { t } = useTranslation();
  const [notice] = useState(peekSessionEnded);
  // Removed when the user leaves the page (signed in, or went elsewhere), not when it first shows: the browser
  // may still be reloading this page on its way here from the 401, and the reloaded page must show it too.
  useEffect(() => dismissSessionEnded, []);
  if (!notice || signInPathFor(notice.path) !== signInPath) return null;
  return (
    <div data-testid="session-ended">
      <Alert kind="warning">{notice.formKept ? t('sessionEnded.formKept') : t('sessionEnded.plain')}</Alert>
    </div>
  );
}
