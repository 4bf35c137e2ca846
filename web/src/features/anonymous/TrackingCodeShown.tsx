import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTrackingCode } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';

/**
 * The one-time tracking code, brought into view and focused as soon as it shows (on a phone the form above it
 * is long), and, until it has been copied, leaving the page asks first: the code cannot be shown again.
 */
export function TrackingCodeShown({ code }: { code: string }) {
  const { t } = useTranslation('anonymous');
  const [copyResult, setCopyResult] = useState<'copied' | 'failed' | null>(null);
  const codeRef = useRef<HTMLParagraphElement>(null);
  const shown = formatTrackingCode(code);
  const copied = copyResult === 'copied';

  useEffect(() => {
    codeRef.current?.scrollIntoView({ block: 'center' });
    codeRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (copied) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [copied]);

  return (
    <section className="page anonymous">
      <PageTitle>{t('title')}</PageTitle>
      <Alert kind="success">{t('success')}</Alert>
      <h2>{t('codeTitle')}</h2>
      <p className="anonymous__code" data-testid="tracking-code" ref={codeRef} tabIndex={-1}>
        {shown}
      </p>
      <Alert kind="warning">{t('codeHelp')}</Alert>
      <p className="anonymous__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            // Where the browser refuses the clipboard (an older browser, a denied permission), the code is
            // selected instead, so the visitor can copy it themselves.
            const selectCode = () => {
              if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
              setCopyResult('failed');
            };
            if (!navigator.clipboard) return selectCode();
            navigator.clipboard.writeText(shown).then(() => setCopyResult('copied'), selectCode);
          }}
        >
          {t('copy')}
        </button>{' '}
        <Link
          className="button button--primary"
          to={paths.home}
          onClick={(e) => {
            if (!copied && !window.confirm(t('leaveUncopied'))) e.preventDefault();
          }}
        >
          {t('done')}
        </Link>
      </p>
      <p role="status" className="anonymous__copy-result">
        {copied ? t('copied') : copyResult === 'failed' ? t('copyFailed') : null}
      </p>
    </section>
  );
}
