import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { fileKind, useFileUrl } from './use-file-url';

/** A stored image or PDF shown in the page: images inline, PDFs in the browser's viewer (from a fetched copy). */
export function StoredFile({ url, label, className }: { url: string; label: string; className?: string }) {
  const { t } = useTranslation('clearance');
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
  if (kind === 'image') return <img className={className ?? 'clearance-file clearance-file--image'} src={file.objectUrl} alt={label} />;
  if (kind === 'pdf' && navigator.pdfViewerEnabled === false) return <p>{t('file.pdfUnavailable')}</p>;
  if (kind === 'pdf') return <iframe className={className ?? 'clearance-file clearance-file--pdf'} src={file.objectUrl} title={label} />;
  return <p>{t('file.unsupported', { name: label })}</p>;
}
