import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClearanceDetail } from '@pes/contracts';
import { DataTable, type Column } from '../../../components/DataTable';
import { useFormat } from '../../../components/format';

type Residence = ClearanceDetail['residence_history'][number];

/** A titled section of label–value pairs; values left empty by the applicant show as a dash. */
function Facts({ id, title, facts }: { id: string; title: string; facts: Array<[string, ReactNode]> }) {
  return (
    <section className="clearance-application__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <dl className="clearance-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="clearance-facts__row">
            <dt>{label}</dt>
            <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The application as the citizen gave it: the spec's sections in order. */
export function ApplicationDetails({ application: a }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  const field = (name: string) => t(`apply.fields.${name}`);
  const yesNo = (value: boolean) => (value ? t('apply.yes') : t('apply.no'));
  const day = (value: string | null) => (value ? format.calendarDate(value) : null);
  const known = (group: string, value: string) => t(`apply.${group}.${value}`, { defaultValue: value });

  const residenceColumns: Column<Residence>[] = [
    { id: 'address', header: t('apply.residence.address'), cell: (r) => r.address },
    { id: 'policeArea', header: t('apply.residence.policeArea'), cell: (r) => r.policeArea },
    { id: 'from', header: t('apply.residence.fromDate'), cell: (r) => format.calendarDate(r.fromDate) },
    { id: 'to', header: t('apply.residence.toDate'), cell: (r) => format.calendarDate(r.toDate) },
  ];

  return (
    <>
      <Facts
        id="clearance-basic"
        title={t('officer.sections.basic')}
        facts={[
          [t('fields.reference'), a.reference_number],
          [t('fields.status'), <span className={`clearance-status clearance-status--${a.application_status}`}>{t(`status.${a.application_status}`)}</span>],
          ...(a.application_status === 'rejected' ? ([[t('fields.reason'), a.rejection_reason]] as Array<[string, ReactNode]>) : []),
          [field('application_type'), known('applicationTypes', a.application_type)],
          [t('fields.created'), format.dateTime(a.created_at)],
          [t('officer.fields.paidAt'), a.paid_at ? format.dateTime(a.paid_at) : null],
          [t('fields.amount'), format.money(a.amount)],
          [field('station'), a.station],
          [field('country'), a.country],
          [field('purpose'), a.purpose],
          [field('previously_applied'), yesNo(a.previously_applied)],
        ]}
      />
      <Facts
        id="clearance-identity"
        title={t('officer.sections.identity')}
        facts={[
          [field('nationality'), a.nationality === 'other' && a.nationality_other ? a.nationality_other : known('nationalities', a.nationality)],
          [field('nic_number'), a.nic_number],
          [field('new_nic_number'), a.new_nic_number],
          [field('passport_number'), a.passport_number],
          [field('passport_issue_date'), day(a.passport_issue_date)],
          [field('left_before_sixteen'), yesNo(a.left_before_sixteen)],
        ]}
      />
      <Facts
        id="clearance-personal"
        title={t('officer.sections.personal')}
        facts={[
          [field('title'), known('titles', a.title)],
          [field('full_name_nic'), a.full_name_nic],
          [field('full_name_passport'), a.full_name_passport],
          [field('name_to_print'), a.name_to_print],
          [field('sex'), known('sexes', a.sex)],
          [field('date_of_birth'), day(a.date_of_birth)],
          [field('occupation'), a.occupation],
          [field('address_sri_lanka'), a.address_sri_lanka],
          [field('address_overseas'), a.address_overseas],
        ]}
      />
      <section className="clearance-application__section" aria-labelledby="clearance-residence">
        <h3 id="clearance-residence">{t('officer.sections.residence')}</h3>
        {a.residence_history.length > 0 ? (
          <DataTable
            caption={t('officer.sections.residence')}
            captionHidden
            columns={residenceColumns}
            rows={a.residence_history}
            rowKey={(r) => `${r.fromDate}-${r.toDate}-${r.address}`}
          />
        ) : (
          <p>{t('officer.noResidence')}</p>
        )}
      </section>
      <Facts
        id="clearance-delivery"
        title={t('officer.sections.delivery')}
        facts={[
          [field('delivery_address1'), a.delivery_address1],
          [field('delivery_address2'), a.delivery_address2],
          [field('delivery_city'), a.delivery_city],
          [field('delivery_postal_code'), a.delivery_postal_code],
          [field('delivery_state'), a.delivery_state],
          [field('delivery_country'), a.delivery_country],
          [field('mobile_number'), a.mobile_number],
          [field('email'), a.email],
        ]}
      />
      {a.spouse ? (
        <Facts
          id="clearance-spouse"
          title={t('officer.sections.spouse')}
          facts={[
            [field('spouse_full_name'), a.spouse.fullName],
            [field('spouse_nationality'), a.spouse.nationality],
            [field('spouse_passport_number'), a.spouse.passportNumber],
            [field('spouse_nic_number'), a.spouse.nicNumber],
          ]}
        />
      ) : (
        <section className="clearance-application__section" aria-labelledby="clearance-spouse">
          <h3 id="clearance-spouse">{t('officer.sections.spouse')}</h3>
          <p>{t('officer.noSpouse')}</p>
        </section>
      )}
    </>
  );
}
