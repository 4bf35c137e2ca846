import type { TFunction } from 'i18next';
import type { AuditEntry } from '@pes/contracts';

/** The words a sentence may ask for (contracts auditEntrySchema `details`); any the entry lacks reads "—". */
export const AUDIT_PLACEHOLDERS = ['slot', 'officer', 'person', 'username', 'reference', 'before', 'after', 'vehicle', 'amount', 'place', 'reported_on'];

/** Words of the entry that are codes, shown in the reader's language (`audit.words`). */
export const AUDIT_CODED_WORDS = ['how', 'document', 'reason'] as const;

/**
 * An entry as one sentence in the reader's language (`admin:audit.describe.<action>`), naming the people and the
 * references it concerns. A refused sign-in's reason may carry the area tried ("wrong_area:admin").
 */
export function auditSentence(t: TFunction, entry: AuditEntry): string {
  const { details } = entry;
  const values: Record<string, string> = Object.fromEntries(AUDIT_PLACEHOLDERS.map((key) => [key, details[key] ?? '—']));
  for (const key of AUDIT_CODED_WORDS) {
    const code = details[key]?.split(':')[0];
    values[key] = code ? t(`audit.words.${code}`, { defaultValue: code }) : t('audit.words.unknown');
  }
  return t(`audit.describe.${entry.action}`, { ...values, interpolation: { escapeValue: false } });
}
