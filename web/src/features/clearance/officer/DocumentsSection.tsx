import { useTranslation } from 'react-i18next';
import { StoredFile } from '../../../components/stored-file/StoredFile';
import { documentEntries } from './documents';

/** The uploaded documents, each previewed (images inline, PDFs in the browser's viewer) with a link to open it. */
export function DocumentsSection({ uploads }: { uploads: unknown }) {
  const { t } = useTranslation('clearance');
  const documents = documentEntries(uploads);
  return (
    <section className="clearance-application__section" aria-labelledby="clearance-documents">
      <h3 id="clearance-documents">{t('officer.sections.documents')}</h3>
      {documents.length === 0 ? (
        <p>{t('officer.noDocuments')}</p>
      ) : (
        <ul className="clearance-documents">
          {documents.map((d) => {
            const name = d.known ? t(`apply.documents.${d.name}`) : d.name;
            return (
              <li key={d.name} className="clearance-documents__item" data-document={d.name}>
                <h4>{name}</h4>
                <StoredFile url={d.url} label={t('apply.previewAlt', { document: name })} />
                <a href={d.url} target="_blank" rel="noopener">
                  {t('officer.openDocument', { document: name })}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
