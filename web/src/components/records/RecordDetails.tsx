import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { labelKeyOf, type RecordDescription } from '@pes/contracts';
import { DataTable, type Column } from '../DataTable';
import { useFieldValue } from './field-value';
import './records.css';

export type Fact = readonly [label: string, value: ReactNode];
export interface RecordSection {
  id: string;
  title: string;
  /** What the portal adds to the record (reference, status…), shown before the section's fields. */
  leading?: readonly Fact[];
}
type Values = Readonly<Record<string, unknown>>;

/** A titled list of label–value pairs; a value left empty shows as a dash. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="record-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="record-facts__row">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A record read-only, section by section, from its description (contracts' `RecordDescription`): each
 * field under its label, shown as its kind says (dates in the reader's format, choices by their labels,
 * lists as tables). `namespace` holds the record's label keys; `answers` the words for true and false.
 */
export function RecordDetails({
  record,
  values,
  sections,
  namespace,
  answers,
  idPrefix,
  sectionClassName = 'record-section',
  valueText = {},
}: {
  record: RecordDescription;
  values: Values;
  sections: readonly RecordSection[];
  namespace: string;
  answers: { yes: string; no: string };
  idPrefix: string;
  sectionClassName?: string;
  /** How a field's value reads where its description cannot say (a station's name in the reader's language). */
  valueText?: Partial<Record<string, (value: string) => ReactNode>>;
}) {
  const { t } = useTranslation(namespace);
  const show = useFieldValue(namespace, answers);
  const factsOf = (r: RecordDescription, v: Values, prefix = ''): Fact[] =>
    Object.entries(r.fields).map(([name, f]) => {
      const own = valueText[`${prefix}${name}`];
      const value = v[name];
      return [t(labelKeyOf(record, `${prefix}${name}`)), own && typeof value === 'string' && value !== '' ? own(value) : show(f, value)];
    });

  return (
    <>
      {sections.map(({ id, title, leading = [] }) => {
        const fields = Object.entries(record.fields).filter(([, f]) => f.section === id);
        const plain = fields.filter(([, f]) => f.kind !== 'list' && f.kind !== 'group');
        const nested = fields.filter(([, f]) => f.kind === 'list' || f.kind === 'group');
        const headingId = `${idPrefix}-${id}`;
        return (
          <section key={id} className={sectionClassName} aria-labelledby={headingId}>
            <h3 id={headingId}>{title}</h3>
            {leading.length + plain.length > 0 ? <FactList facts={[...leading, ...factsOf({ ...record, fields: Object.fromEntries(plain) }, values)]} /> : null}
            {nested.map(([name, f]) => {
              const value = values[name];
              const empty = f.empty ? <p key={name}>{t(f.empty)}</p> : null;
              if (f.kind === 'group')
                return value && typeof value === 'object' ? <FactList key={name} facts={factsOf(f.item!, value as Values, `${name}.`)} /> : empty;
              const rows = Array.isArray(value) ? (value as Values[]) : [];
              if (rows.length === 0) return empty;
              const columns: Column<Values>[] = Object.entries(f.item!.fields).map(([part, pf]) => ({
                id: part,
                header: t(`${f.item!.labels}.${part}`),
                cell: (row) => show(pf, row[part]),
              }));
              return <DataTable key={name} caption={title} captionHidden columns={columns} rows={rows} rowKey={(row) => JSON.stringify(row)} />;
            })}
          </section>
        );
      })}
    </>
  );
}
