import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@pes/contracts';
import { useFormat } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { QueryState } from '../../../components/QueryState';
import { useStationName } from '../../../lib/stations/stations';
import { useAdminComplaint } from './api';

/** Every field of one complaint, its attachment and its status history. */
export function ComplaintModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'complaints', 'slots']);
  const format = useFormat();
  const stationName = useStationName();
  const complaint = useAdminComplaint(id);
  const f = (name: string) => t(`complaints:fields.${name}`);
  const rows = (c: Complaint): Array<[string, ReactNode]> => [
    [f('reference_number'), c.reference_number],
    [f('status'), c.status],
    [f('branch'), t(`slots:branches.${c.branch}`)],
    [f('station'), stationName(c.station)],
    [
      f('appointment'),
      c.appointment ? `${format.calendarDate(c.appointment.date)} ${c.appointment.time_from.slice(0, 5)}–${c.appointment.time_to.slice(0, 5)}` : null,
    ],
    [f('submitted_at'), format.dateTime(c.submitted_at)],
    [f('full_name'), c.full_name],
    [f('age'), c.age],
    [f('gender'), c.gender],
    [f('home_address'), c.home_address],
    [f('id_number'), c.id_number],
    [f('phone_number'), c.phone_number],
    [f('religion'), c.religion],
    [f('nationality'), c.nationality],
    [f('occupation'), c.occupation],
    [f('work_address'), c.work_address],
    [f('marital_status'), c.marital_status],
    [f('grama_division'), c.grama_division],
    [f('traffic_category'), c.traffic_category],
    [f('crime_category'), c.crime_category],
    [f('incident_type'), c.incident_type],
    [f('what_happened'), c.what_happened],
    [f('when'), format.dateTime(c.when)],
    [f('where'), c.where],
    [f('how_occurred'), c.how_occurred],
    [f('damage_value'), c.damage_value === null ? null : format.money(c.damage_value)],
    [f('evidence'), c.evidence],
  ];
  return (
    <Modal
      open
      title={complaint.data ? t('complaint.title', { reference: complaint.data.reference_number }) : t('complaint.title', { reference: '' })}
      onClose={onClose}
      size="large"
    >
      <QueryState query={complaint} error={t('complaint.loadFailed')}>
        {(c) => (
          <>
            <dl className="admin-area__fields">
              {rows(c)
                .filter(([, value]) => value !== null && value !== '')
                .map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
            <h3>{t('complaint.attachment')}</h3>
            {c.attachment ? (
              <p>
                <a href={c.attachment.url} target="_blank" rel="noreferrer">
                  {t('complaint.openAttachment', { name: c.attachment.name })}
                </a>
              </p>
            ) : (
              <p className="admin-area__muted">{t('details.noComplaints')}</p>
            )}
            <h3>{t('complaint.history')}</h3>
            {c.history.length === 0 ? (
              <p className="admin-area__muted">{t('complaint.noHistory')}</p>
            ) : (
              <ol className="admin-area__history">
                {c.history.map((h) => (
                  <li key={`${h.changed_at}-${h.to_status}`}>
                    {t('complaint.historyEntry', { from: h.from_status ?? '—', to: h.to_status, by: h.changed_by, at: format.dateTime(h.changed_at) })}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}
