import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDescription } from '@pes/contracts';
import { useFormat } from '../format';

/**
 * How a described field's value reads (contracts' `FieldDescription`): dates, numbers and amounts in the reader's
 * format, choices by their labels in `namespace`, questions by `answers`; null for nothing to show.
 */
export function useFieldValue(namespace: string, answers: { yes: string; no: string } = { yes: 'yes', no: 'no' }) {
  const { t } = useTranslation(namespace);
  const format = useFormat();
  return (f: FieldDescription, value: unknown): ReactNode => {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value === 'boolean') return t(value ? answers.yes : answers.no);
    switch (f.kind) {
      case 'date':
        return format.calendarDate(String(value));
      case 'datetime':
        return format.dateTime(String(value));
      case 'number':
        return format.number(Number(value));
      case 'money':
        return format.money(String(value));
      case 'choice':
        return f.options ? t(`${f.options}.${String(value)}`, { defaultValue: String(value) }) : String(value);
      default:
        return String(value);
    }
  };
}
