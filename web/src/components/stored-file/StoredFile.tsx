import { useTranslation } from 'react-i18next';
import { Alert } from '../Alert';
import { fileKind, useFileUrl } from './use-file-url';
import './stored-file.css';

/**
 * A stored file (`/uploads/...`) shown in the page, the one way the app shows one: fetched with the session's
 * credentials, images inline, PDFs in the browser's viewer. `className` sizes it where it stands.
 */
export function StoredFile({ url, label, className }: { url: string; label: string; className?: string }) {
  const { t } = useTranslation('common');
  const file = useFileUrl(url);
  if (file.status === 'loading') {
    return (
      <p className="page-status" role="status">
        {t('file.loading', { name: label })}
      </p>
    );
  }
  if (file.status === 'error') return <Alert kind="error">{t('file.failed', { name: label })}</Alert>;
  const kind = fileKind(file.type);
  if (kind === 'image') return <img className={`stored-file stored-file--image ${className ?? ''}`.trim()} src={file.objectUrl} alt={label} />;
  if (kind === 'pdf' && navigator.pdfViewerEnabled === false) return <p>{t('file.pdfUnavailable')}</p>;
  if (kind === 'pdf') return <iframe className={`stored-file stored-file--pdf ${className ?? ''}`.trim()} src={file.objectUrl} title={label} />;
  return <p>{t('file.unsupported', { name: label })}</p>;
}
