import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { DataTable, TablePages, type Column } from '../../components/DataTable';
import { useKeysetPages } from '../../components/keyset-pages';
import { useFormat } from '../../components/format';
import { Modal } from '../../components/Modal';
import { QueryState } from '../../components/QueryState';
import { usePoliceComplaints } from './api';
import { ComplaintReview } from './ComplaintReview';
import { useAttendanceText } from './AttendanceControl';
import { useComplaintText } from '../../domain/complaints/complaint-text';
import { StatusBadge } from '../../domain/complaints/StatusBadge';
import './complaints.css';

/** The complaints of the officer's branch and station (Traffic, Crime and Minor Offense branches). */
export function ComplaintQueue() {
  const { t } = useTranslation('police');
  const format = useFormat();
  const text = useComplaintText();
  const attendanceText = useAttendanceText();
  const [date, setDate] = useState('');
  // The latest complaints come a page at a time (another date starts again); a date's appointments come whole.
  const pages = useKeysetPages(date);
  const complaints = usePoliceComplaints(date, pages.cursor);
  const [openId, setOpenId] = useState<number | null>(null);
  // The open complaint comes from the list, so a status change shows at once in both.
  const open = complaints.data?.complaints.find((c) => c.id === openId) ?? null;

  const columns: Column<Complaint>[] = [
    {
      id: 'name',
      header: t('queue.name'),
      cell: (c) => (
        <>
          {/* The row itself opens by keyboard; this button names what opening does, for screen readers and pointers. */}
          <button
            type="button"
            className="link-button"
            tabIndex={-1}
            onClick={() => setOpenId(c.id)}
            aria-label={t('queue.openLabel', { reference: c.reference_number, name: c.full_name })}
          >
            {c.full_name}
          </button>
          <div className="complaint-queue__ref">{c.reference_number}</div>
        </>
      ),
    },
    {
      id: 'type',
      header: t('queue.type'),
      cell: (c) => (
        <>
          {text.type(c)}
          <div className="complaint-queue__sub">{text.incident(c)}</div>
        </>
      ),
    },
    { id: 'status', header: t('queue.status'), cell: (c) => <StatusBadge status={c.status} /> },
    { id: 'what', header: t('queue.what'), cell: (c) => c.what_happened, className: 'complaint-queue__what' },
    { id: 'when', header: t('queue.when'), cell: (c) => format.dateTime(c.when) },
    { id: 'appointment', header: t('queue.appointment'), cell: (c) => text.appointment(c) },
    { id: 'attendance', header: t('queue.attendance'), cell: (c) => (c.appointment ? attendanceText(c.attendance) : '—') },
  ];

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
      <QueryState
        query={complaints}
        loading={t('queue.loading')}
        error={t('queue.failed')}
        isEmpty={(page) => page.complaints.length === 0}
        empty={<Alert kind="info">{date ? t('queue.emptyForDate') : t('queue.empty')}</Alert>}
      >
        {({ complaints: list, total, total_exact, page_size, next_cursor }) => (
          <>
            <p role="status" className="complaint-queue__count">
              {t(total_exact ? 'queue.count' : 'queue.countOver', { count: total })}
            </p>
            <DataTable
              caption={t('queue.caption')}
              captionHidden
              className="complaint-queue__table"
              columns={columns}
              rows={list}
              rowKey={(c) => c.id}
              onRowClick={(c) => setOpenId(c.id)}
            />
            <TablePages
              caption={t('queue.caption')}
              pages={total_exact ? Math.max(1, Math.ceil(total / Math.max(1, page_size))) : undefined}
              busy={complaints.isPlaceholderData}
              {...pages.controls(next_cursor)}
            />
          </>
        )}
      </QueryState>
      <Modal open={open !== null} onClose={() => setOpenId(null)} size="large" title={open ? t('detail.title', { reference: open.reference_number }) : ''}>
        {open ? <ComplaintReview complaint={open} /> : null}
      </Modal>
    </section>
  );
}
