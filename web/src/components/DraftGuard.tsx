import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormDraft } from '../lib/drafts/use-form-draft';
import { isLeavingForSignIn } from '../lib/session/session-ended';
import { Alert } from './Alert';
import { Modal } from './Modal';

/**
 * A form's draft in the page: a note when a kept draft was put back, and a question before the form is left.
 * Asks before a form with unsent input is left: the browser's own prompt on reload or close (its text is the
 * browser's), and a translated dialog for a link, Back or any other navigation inside the app. Stay keeps
 * the input; Leave discards the draft. Nothing is asked once the form was sent, when nothing was typed, or
 * when the session ended and the browser goes to sign in (the draft is kept for the return).
 */
export function DraftGuard({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  const { isUnsaved, discard } = draft;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isUnsaved() || isLeavingForSignIn()) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isUnsaved]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => isUnsaved() && !isLeavingForSignIn() && currentLocation.pathname !== nextLocation.pathname,
    [isUnsaved],
  );
  const blocker = useBlocker(shouldBlock);
  const blocked = blocker.state === 'blocked';

  return (
    <>
      {draft.restored ? <Alert kind="info">{t('drafts.restored')}</Alert> : null}
      <Modal open={blocked} title={t('leaveGuard.title')} onClose={() => blocker.reset?.()}>
        <p>{t('leaveGuard.body')}</p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={() => blocker.reset?.()}>
            {t('leaveGuard.stay')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              discard();
              blocker.proceed?.();
            }}
          >
            {t('leaveGuard.leave')}
          </button>
        </div>
      </Modal>
    </>
  );
}
