import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { useFormat } from '../../components/format';
import { Modal } from '../../components/Modal';
import { usePoliceComplaints } from './api';
import { ComplaintReview } from './ComplaintReview';
import { useComplaintText } from './complaint-text';
import { StatusBadge } from './StatusBadge';
import './complaints.css';
import './stacked-table.css';

/** The complaints of the officer's branch and station (Traffic, Crime and Minor Offense branches). */
export function ComplaintQueue() {
  const { t } = useTranslation('police');
  const [date, setDate] = useState('');
  const complaints = usePoliceComplaints(date);
  const [openId, setOpenId] = useState<number | null>(null);
  // The open complaint comes from the list, so a status change shows at once in both.
  const open = complaints.data?.find((c) => c.id === openId) ?? null;

  return (
    <section className="complaint-queue card" aria-labelledby="queue-title">
      <h2 id="queue-title">{t('queue.title')}</h2>
      <p className="complaint-queue__intro">{t('queue.intro')}</p>
      <div className="row complaint-queue__filter">
        <div className="field">
          <label htmlFor="queue-date">{t('queue.date')}</label>
          <input id="queue-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <button type="button" className="button button--ghost" onClick={() => setDate('')} disabled={!date}>
          {t('queue.clearDate')}
        </button>
      </div>
      {complaints.isPending ? (
        <p className="page-status" role="status">
          {t('queue.loading')}
        </p>
      ) : complaints.isError ? (
        <Alert kind="error">{t('queue.failed')}</Alert>
      ) : complaints.data.length === 0 ? (
        <Alert kind="info">{date ? t('queue.emptyForDate') : t('queue.empty')}</Alert>
      ) : (
        <>
          <p role="status" className="complaint-queue__count">
            {t('queue.count', { count: complaints.data.length })}
          </p>
          <div className="table-wrap">
            <table className="complaint-queue__table stacked-table">
              <caption className="visually-hidden">{t('queue.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('queue.name')}</th>
                  <th scope="col">{t('queue.type')}</th>
                  <th scope="col">{t('queue.status')}</th>
                  <th scope="col">{t('queue.what')}</th>
                  <th scope="col">{t('queue.when')}</th>
                  <th scope="col">{t('queue.appointment')}</th>
                </tr>
              </thead>
              <tbody>
                {complaints.data.map((c) => (
                  <QueueRow key={c.id} complaint={c} onOpen={() => setOpenId(c.id)} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Modal open={open !== null} onClose={() => setOpenId(null)} size="large" title={open ? t('detail.title', { reference: open.reference_number }) : ''}>
        {open ? <ComplaintReview complaint={open} /> : null}
      </Modal>
    </section>
  );
}

function QueueRow({ complaint: c, onOpen }: { complaint: Complaint; onOpen: () => void }) {
  const { t } = useTranslation('police');
  const format = useFormat();
  const text = useComplaintText();
  return (
    <tr>
      <td data-label={t('queue.name')}>
        <button
          type="button"
          className="link-button"
          onClick={onOpen}
          aria-label={t('queue.openLabel', { reference: c.reference_number, name: c.full_name })}
        >
          {c.full_name}
        </button>
        <div className="complaint-queue__ref">{c.reference_number}</div>
      </td>
      <td data-label={t('queue.type')}>
        {text.type(c)}
        <div className="complaint-queue__sub">{text.incident(c)}</div>
      </td>
      <td data-label={t('queue.status')}>
        <StatusBadge status={c.status} />
      </td>
      <td className="complaint-queue__what" data-label={t('queue.what')}>{c.what_happened}</td>
      <td data-label={t('queue.when')}>{format.dateTime(c.when)}</td>
      <td data-label={t('queue.appointment')}>{text.appointment(c)}</td>
    </tr>
  );
}
