import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';
import { takeReturnPath } from '../../lib/session/return-path';
import { paths } from '../../paths';

/**
 * 'Please Log In' (spec: home cards when signed out). The caller has already remembered the intended
 * path, so Login and Sign Up (which ends at Login) bring the user there; Cancel forgets it.
 */
export function LoginPromptModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const cancel = () => {
    takeReturnPath(paths.home);
    onClose();
  };
  return (
    <Modal open={open} title={t('loginPrompt.title')} onClose={cancel}>
      <p>{t('loginPrompt.body')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={cancel}>
          {t('loginPrompt.cancel')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.signup)}>
          {t('loginPrompt.signup')}
        </button>
        <button type="button" className="button button--primary" onClick={() => navigate(paths.login)}>
          {t('loginPrompt.login')}
        </button>
      </div>
    </Modal>
  );
}
