import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARANCE_DETAIL_SECTIONS, CLEARANCE_RECORD, type ClearanceDetail } from '@pes/contracts';
import { useFormat } from '../../../components/format';
import { RecordDetails, type Fact } from '../../../components/records/RecordDetails';
import { useCountryName } from '../../../lib/countries/countries';
import { useStationName } from '../../../lib/stations/stations';

/** The application as the citizen gave it, in the spec's sections, from its description in contracts. */
export function ApplicationDetails({ application: a }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  const stationName = useStationName();
  const countryName = useCountryName();
  // What the portal adds, before the basic section's own fields.
  const basic: Fact[] = [
    [t('fields.reference'), a.reference_number],
    [t('fields.status'), <span className={`clearance-status clearance-status--${a.application_status}`}>{t(`status.${a.application_status}`)}</span>] as [
      string,
      ReactNode,
    ],
    ...(a.application_status === 'rejected' ? [[t('fields.reason'), a.rejection_reason] as Fact] : []),
    [t('fields.created'), format.dateTime(a.created_at)],
    [t('officer.fields.paidAt'), a.paid_at ? format.dateTime(a.paid_at) : null],
    [t('fields.amount'), format.money(a.amount)],
  ];
  return (
    <RecordDetails
      record={CLEARANCE_RECORD}
      values={a}
      namespace="clearance"
      answers={{ yes: 'apply.yes', no: 'apply.no' }}
      idPrefix="clearance"
      valueText={{ station: stationName, country: countryName, delivery_country: countryName }}
      sectionClassName="clearance-application__section"
      sections={CLEARANCE_DETAIL_SECTIONS.map((id) => ({ id, title: t(`officer.sections.${id}`), leading: id === 'basic' ? basic : undefined }))}
    />
  );
}
