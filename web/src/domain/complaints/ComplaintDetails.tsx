import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@pes/contracts';
import { useFormat } from '../../components/format';
import { useComplaintText } from './complaint-text';
import { StatusBadge } from './StatusBadge';
import './complaint-records.css';

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

/** Every field of a complaint, grouped; empty optional fields are left out. */
export function ComplaintDetails({ complaint: c, headingLevel = 3 }: { complaint: Complaint; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('complaints');
  const format = useFormat();
  const text = useComplaintText();
  const H = `h${headingLevel}` as 'h3';
  const f = (name: string) => t(`fields.${name}`);
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
        <Rows
          rows={[
            [f('full_name'), c.full_name],
            [f('age'), format.number(c.age)],
            [f('gender'), text.gender(c)],
            [f('id_number'), c.id_number],
            [f('phone_number'), c.phone_number],
            [f('home_address'), c.home_address],
            [f('marital_status'), text.marital(c)],
            [f('religion'), c.religion],
            [f('nationality'), c.nationality],
            [f('occupation'), c.occupation],
            [f('work_address'), c.work_address],
            [f('grama_division'), c.grama_division],
          ]}
        />
      </dl>
      <H>{t('details.incident')}</H>
      <dl className="details__list">
        <Rows
          rows={[
            [f('incident_type'), text.incident(c)],
            [f('what_happened'), c.what_happened],
            [f('when'), format.dateTime(c.when)],
            [f('where'), c.where],
            [f('how_occurred'), c.how_occurred],
            [f('damage_value'), c.damage_value === null ? null : format.money(c.damage_value)],
            [f('evidence'), c.evidence],
          ]}
        />
      </dl>
    </div>
  );
}
