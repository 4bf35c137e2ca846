import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANONYMOUS_STATUS_MAX, SUGGESTED_ANONYMOUS_STATUSES, updateAnonymousStatusRequestSchema, type AnonymousComplaint } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { DataTable, type Column } from '../../components/DataTable';
import { useFormat } from '../../components/format';
import { Modal } from '../../components/Modal';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../domain/complaints/StatusBadge';
import { StatusTimeline } from '../../domain/complaints/StatusTimeline';
import { StatusUpdateForm } from '../../domain/complaints/StatusUpdateForm';
import { StoredFile } from '../../components/stored-file/StoredFile';
import { useSession } from '../../lib/session/session-context';
import { useStationName } from '../../lib/stations/stations';
import { useAssignedAnonymousComplaints, useUpdateAnonymousStatus } from './api';
import './anonymous.css';

/** The Crime Branch officer's anonymous complaints (assigned to them), newest first, with a status filter. */
export function AnonymousQueue() {
  const { t } = useTranslation('anonymous');
  const format = useFormat();
  const { user } = useSession();
  const [status, setStatus] = useState('');
  const complaints = useAssignedAnonymousComplaints(user?.officerId ?? null, status);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = complaints.data?.find((c) => c.id === openId) ?? null;
  const statuses = [...new Set([...SUGGESTED_ANONYMOUS_STATUSES, ...(complaints.data ?? []).map((c) => c.status)])];

  const columns: Column<AnonymousComplaint>[] = [
    {
      id: 'type',
      header: t('type'),
      cell: (c) => (
        <button type="button" className="link-button" tabIndex={-1} onClick={() => setOpenId(c.id)}>
          {t(`types.${c.incident_type}`)}
        </button>
      ),
    },
    { id: 'what', header: t('what'), cell: (c) => c.what_happened },
    { id: 'when', header: t('when'), cell: (c) => format.dateTime(c.when) },
    { id: 'status', header: t('status'), cell: (c) => <StatusBadge status={c.status} /> },
    { id: 'submitted', header: t('submittedAt'), cell: (c) => format.dateTime(c.submitted_at) },
  ];

  return (
    <section className="card" aria-labelledby="anonymous-queue-title">
      <h2 id="anonymous-queue-title">{t('queueTitle')}</h2>
      <div className="field">
        <label htmlFor="anonymous-status-filter">{t('filterStatus')}</label>
        <select id="anonymous-status-filter" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t('allStatuses')}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={complaints} error={t('loadFailed')} empty={<Alert kind="info">{t('none')}</Alert>}>
        {(list) => (
          <>
            <DataTable caption={t('queueTitle')} captionHidden columns={columns} rows={list} rowKey={(c) => c.id} onRowClick={(c) => setOpenId(c.id)} />
            {complaints.hasNextPage ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={complaints.isFetchingNextPage}
                onClick={() => void complaints.fetchNextPage()}
              >
                {complaints.isFetchingNextPage ? t('loadingOlder') : t('showOlder')}
              </button>
            ) : null}
          </>
        )}
      </QueryState>
      <Modal open={open !== null} onClose={() => setOpenId(null)} size="large" title={open ? t('detailTitle', { id: open.id }) : ''}>
        {open ? <AnonymousDetail complaint={open} /> : null}
      </Modal>
    </section>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="details__list">
      {rows.map(([label, value]) => (
        <div key={label} className="details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One report in the complaint modal's layout: the status update first, then the report, the evidence and the history. */
function AnonymousDetail({ complaint }: { complaint: AnonymousComplaint }) {
  const { t } = useTranslation('anonymous');
  const format = useFormat();
  const stationName = useStationName();
  const update = useUpdateAnonymousStatus();
  return (
    <div className="details anonymous-detail">
      <StatusUpdateForm
        idPrefix="anonymous"
        status={complaint.status}
        suggestions={SUGGESTED_ANONYMOUS_STATUSES}
        schema={updateAnonymousStatusRequestSchema}
        maxLength={ANONYMOUS_STATUS_MAX}
        save={(status) => update.mutateAsync({ id: complaint.id, status })}
      />
      <Rows
        rows={[
          [t('type'), t(`types.${complaint.incident_type}`)],
          [t('status'), <StatusBadge status={complaint.status} />],
          [t('station'), stationName(complaint.station)],
          [t('submittedAt'), format.dateTime(complaint.submitted_at)],
          [t('contact'), complaint.phone_number ?? t('noContact')],
        ]}
      />
      <h3>{t('detailIncident')}</h3>
      <Rows
        rows={[
          [t('when'), format.dateTime(complaint.when)],
          [t('where'), complaint.where],
          [t('what'), complaint.what_happened],
          [t('how'), complaint.how_occurred ?? '—'],
        ]}
      />
      <h3>{t('evidence')}</h3>
      {complaint.evidence ? (
        <a href={complaint.evidence.url} target="_blank" rel="noreferrer">
          <StoredFile url={complaint.evidence.url} className="anonymous__preview" label={t('evidenceAlt')} />
        </a>
      ) : (
        <p>{t('noEvidence')}</p>
      )}
      <StatusTimeline complaint={complaint} headingId={`anonymous-${complaint.id}-history`} />
    </div>
  );
}
