import { useTranslation } from 'react-i18next';
import type { ClearanceDetail } from '@pes/contracts';
import { DataTable, type Column } from '../../../components/DataTable';
import { useFormat } from '../../../components/format';

type Entry = ClearanceDetail['history'][number];

/**
 * The notes the server writes itself, in English (an officer's rejection reason is free text, shown as typed):
 * each is said in the reader's language.
 */
const SYSTEM_NOTES = { 'Fee paid': 'feePaid', 'Certificate generated': 'certificateGenerated', 'Certificate attached': 'certificateAttached' } as const;
const WITHDRAWN_PREFIX = 'Certificate withdrawn: ';

/** Every status change and certificate: who, when, from, to, and the note (a rejection's reason). */
export function ApplicationHistory({ history }: { history: Entry[] }) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  const status = (s: Entry['to_status'] | null) => (s ? t(`status.${s}`) : '—');
  const note = (text: string | null) => {
    if (!text) return '—';
    if (text in SYSTEM_NOTES) return t(`officer.history.notes.${SYSTEM_NOTES[text as keyof typeof SYSTEM_NOTES]}`);
    if (text.startsWith(WITHDRAWN_PREFIX)) return t('officer.history.notes.withdrawn', { reason: text.slice(WITHDRAWN_PREFIX.length) });
    return text;
  };
  const columns: Column<Entry>[] = [
    { id: 'when', header: t('officer.history.when'), cell: (e) => format.dateTime(e.changed_at) },
    { id: 'from', header: t('officer.history.from'), cell: (e) => status(e.from_status) },
    { id: 'to', header: t('officer.history.to'), cell: (e) => status(e.to_status) },
    { id: 'by', header: t('officer.history.by'), cell: (e) => e.changed_by ?? '—' },
    { id: 'note', header: t('officer.history.note'), cell: (e) => note(e.note) },
  ];
  return (
    <section className="clearance-application__section" aria-labelledby="clearance-history">
      <h3 id="clearance-history">{t('officer.sections.history')}</h3>
      {history.length === 0 ? (
        <p>{t('officer.noHistory')}</p>
      ) : (
        <DataTable caption={t('officer.sections.history')} captionHidden columns={columns} rows={history} rowKey={(e) => `${e.changed_at}-${e.to_status}`} />
      )}
    </section>
  );
}
