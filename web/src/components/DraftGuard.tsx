import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormDraft } from '../lib/drafts/use-form-draft';
import { isLeavingForSignIn } from '../lib/session/session-ended';
import { Alert } from './Alert';
import { Modal } from './Modal';

/** The path a click on this element would open inside the app, if it is a plain click on an in-app link. */
function inAppLinkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * A form's draft in the page: a note when a kept draft was put back, and a question before the form is left.
 * Asks before a form with unsent input is left: the browser's own prompt on reload or close (its text is the
 * browser's), and a translated dialog for a link to another page of the app. Stay keeps the input; Leave
 * discards the draft. Back and Forward are not held (only a data router can, at ~16 KB more on every page's
 * first load): the draft stays kept, so the input is there again on the way back. Nothing is asked once the
 * form was sent, when nothing was typed, or when the session ended and the browser goes to sign in.
 */
export function DraftGuard({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  const { isUnsaved, discard } = draft;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isUnsaved() || isLeavingForSignIn()) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    // Capture, on the document: before the router's link handler (on React's root) sees the click.
    const onClick = (event: MouseEvent) => {
      const target = inAppLinkTarget(event);
      if (target === null || !isUnsaved() || isLeavingForSignIn() || new URL(target, window.location.href).pathname === pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(target);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [isUnsaved, pathname]);

  return (
    <>
      {draft.restored ? <Alert kind="info">{t('drafts.restored')}</Alert> : null}
      <Modal open={pending !== null} title={t('leaveGuard.title')} onClose={() => setPending(null)}>
        <p>{t('leaveGuard.body')}</p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={() => setPending(null)}>
            {t('leaveGuard.stay')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              const target = pending;
              discard();
              setPending(null);
              if (target) void navigate(target);
            }}
          >
            {t('leaveGuard.leave')}
          </button>
        </div>
      </Modal>
    </>
  );
}
