import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUGGESTED_ANONYMOUS_STATUSES, type AnonymousComplaint } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { DataTable, type Column } from '../../components/DataTable';
import { FormField } from '../../components/FormField';
import { useFormat } from '../../components/format';
import { Modal } from '../../components/Modal';
import { QueryState } from '../../components/QueryState';
import { ApiError } from '../../lib/api/client';
import { useSession } from '../../lib/session/session-context';
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
    { id: 'status', header: t('status'), cell: (c) => c.status },
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

function AnonymousDetail({ complaint }: { complaint: AnonymousComplaint }) {
  const { t } = useTranslation('anonymous');
  const format = useFormat();
  const update = useUpdateAnonymousStatus();
  const [status, setStatus] = useState(complaint.status);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    if (!status.trim()) return setError('statusRequired');
    setError(undefined);
    try {
      await update.mutateAsync({ id: complaint.id, status: status.trim() });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.fieldKeys.status) setError(err.fieldKeys.status);
    }
  }

  return (
    <div className="anonymous-detail">
      <dl>
        <dt>{t('type')}</dt>
        <dd>{t(`types.${complaint.incident_type}`)}</dd>
        <dt>{t('station')}</dt>
        <dd>{complaint.station}</dd>
        <dt>{t('when')}</dt>
        <dd>{format.dateTime(complaint.when)}</dd>
        <dt>{t('where')}</dt>
        <dd>{complaint.where}</dd>
        <dt>{t('what')}</dt>
        <dd>{complaint.what_happened}</dd>
        <dt>{t('how')}</dt>
        <dd>{complaint.how_occurred ?? '—'}</dd>
        <dt>{t('contact')}</dt>
        <dd>{complaint.phone_number ?? t('noContact')}</dd>
        <dt>{t('submittedAt')}</dt>
        <dd>{format.dateTime(complaint.submitted_at)}</dd>
        <dt>{t('status')}</dt>
        <dd>{complaint.status}</dd>
      </dl>
      {complaint.evidence ? (
        <a href={complaint.evidence.url} target="_blank" rel="noreferrer">
          <img className="anonymous__preview" src={complaint.evidence.url} alt={t('evidenceAlt')} />
        </a>
      ) : (
        <p>{t('noEvidence')}</p>
      )}
      {done ? <Alert kind="success">{t('statusUpdated')}</Alert> : null}
      {update.isError && !error ? <Alert kind="error">{t('statusFailed')}</Alert> : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField id="anonymous-new-status" label={t('newStatus')} error={error} required>
          <input type="text" list="anonymous-status-options" maxLength={60} value={status} onChange={(e) => setStatus(e.target.value)} />
        </FormField>
        <datalist id="anonymous-status-options">
          {SUGGESTED_ANONYMOUS_STATUSES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {t('updateStatus')}
        </button>
      </form>
    </div>
  );
}
