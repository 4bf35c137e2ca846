import type { TFunction } from 'i18next';
import type { AuditEntry } from '@pes/contracts';

/** The words a sentence may ask for (contracts auditEntrySchema `details`); any the entry lacks reads "—". */
export const AUDIT_PLACEHOLDERS = ['slot', 'officer', 'person', 'username', 'reference', 'before', 'after', 'vehicle', 'amount', 'place', 'reported_on'];

/** Words of the entry that are codes, shown in the reader's language (`audit.words`); a list of codes is comma-separated. */
export const AUDIT_CODED_WORDS = ['how', 'document', 'reason'] as const;

/**
 * An entry as one sentence in the reader's language (`admin:audit.describe.<action>`), naming the people and the
 * references it concerns. A refused sign-in's reason may carry the area tried ("wrong_area:admin").
 */
export function auditSentence(t: TFunction, entry: AuditEntry): string {
  const { details } = entry;
  const values: Record<string, string> = Object.fromEntries(AUDIT_PLACEHOLDERS.map((key) => [key, details[key] ?? '—']));
  for (const key of AUDIT_CODED_WORDS) {
    // A code may carry a detail after a colon ("wrong_area:admin"), shown by its code alone.
    const codes = (details[key] ?? '')
      .split(',')
      .map((item) => item.split(':')[0]!.trim())
      .filter(Boolean);
    values[key] = codes.length ? codes.map((code) => t(`audit.words.${code}`, { defaultValue: code })).join(', ') : t('audit.words.unknown');
  }
  return t(`audit.describe.${entry.action}`, { ...values, interpolation: { escapeValue: false } });
}
