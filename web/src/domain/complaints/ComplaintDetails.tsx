import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_RECORD, labelKeyOf, type Complaint, type COMPLAINT_DETAIL_SECTIONS, type FieldDescription } from '@pes/contracts';
import { useFormat } from '../../components/format';
import { useFieldValue } from '../../components/records/field-value';
import { useComplaintText } from './complaint-text';
import { StatusBadge } from './StatusBadge';
import './complaint-records.css';

type ComplaintDetailSection = (typeof COMPLAINT_DETAIL_SECTIONS)[number];

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <>
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </>
  );
}

/** Every field of a complaint, section by section as contracts' COMPLAINT_RECORD places them; empty optional fields are left out. */
export function ComplaintDetails({ complaint: c, headingLevel = 3 }: { complaint: Complaint; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('complaints');
  const format = useFormat();
  const text = useComplaintText();
  const show = useFieldValue('complaints');
  const H = `h${headingLevel}` as 'h3';
  const f = (name: string) => t(`fields.${name}`);
  const values = c as unknown as Record<string, unknown>;
  const sectionRows = (section: ComplaintDetailSection): Array<[string, ReactNode]> =>
    Object.entries(COMPLAINT_RECORD.fields as Record<string, FieldDescription>)
      .filter(([, field]) => field.section === section)
      .map(([name, field]) => [t(labelKeyOf(COMPLAINT_RECORD, name)), show(field, values[name])]);
  return (
    <div className="details">
      <dl className="details__list">
        <Rows
          rows={[
            [f('reference_number'), c.reference_number],
            [f('complaint_type'), text.type(c)],
            [f('status'), <StatusBadge status={c.status} />],
            [f('station'), text.station(c)],
            [f('appointment'), text.appointment(c)],
            [f('submitted_at'), format.dateTime(c.submitted_at)],
          ]}
        />
      </dl>
      <H>{t('details.complainant')}</H>
      <dl className="details__list">
        <Rows rows={sectionRows('complainant')} />
      </dl>
      <H>{t('details.incident')}</H>
      <dl className="details__list">
        {/* The kind of incident first: category and type read together, per complaint type. */}
        <Rows rows={[[f('incident_type'), text.incident(c)], ...sectionRows('incident')]} />
      </dl>
    </div>
  );
}
