import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSlot, SlotOfficer } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { useErrorMessage } from '../../../components/errors';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { hhmm, useFormat } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { QueryState } from '../../../components/QueryState';
import { StationSelect } from '../../../lib/stations/StationSelect';
import { useStationName } from '../../../lib/stations/stations';
import { useAdminSlots, useDeleteSlot, useRemoveOfficer } from './api';

export interface OverviewFilter {
  date: string;
  station: string;
}

/** The slots of a chosen day and station: capacity, officers (each removable), selection and deletion. */
export function SlotsOverview({
  filter,
  onFilterChange,
  selectedId,
  onSelect,
}: {
  filter: OverviewFilter;
  onFilterChange: (next: OverviewFilter) => void;
  selectedId: number | null;
  onSelect: (slot: AdminSlot | null) => void;
}) {
  const { t } = useTranslation('slots');
  const format = useFormat();
  const stationName = useStationName();
  const errorMessage = useErrorMessage();
  const slots = useAdminSlots(filter.date, filter.station);
  const remove = useRemoveOfficer();
  const del = useDeleteSlot();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<AdminSlot | null>(null);
  // The pressed Remove (or Delete) button leaves the table with the officer (or slot): focus goes to the outcome.
  const messageRef = useFocusOutcome(message);
  const day = filter.date ? format.calendarDate(filter.date) : '';

  const removeOfficer = async (slot: AdminSlot, officer: SlotOfficer) => {
    setMessage(null);
    try {
      await remove.mutateAsync({ slotId: slot.id, officerId: officer.id });
      setMessage({ kind: 'success', text: t('overview.removed', { name: officer.full_name }) });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, 'slots:overview.removeFailed') });
    }
  };
  const deleteSlot = async (slot: AdminSlot) => {
    setConfirming(null);
    setMessage(null);
    try {
      await del.mutateAsync(slot.id);
      if (selectedId === slot.id) onSelect(null);
      setMessage({ kind: 'success', text: t('overview.deleted') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, 'slots:overview.deleteFailed') });
    }
  };

  /** "09:00 – 10:00, Crime Branch": names a slot's buttons for screen readers. */
  const slotName = (slot: AdminSlot) => ` ${hhmm(slot.time_from)} – ${hhmm(slot.time_to)}, ${t(`branches.${slot.branch}`)}`;
  const columns: Column<AdminSlot>[] = [
    { id: 'from', header: t('overview.from'), cell: (slot) => hhmm(slot.time_from) },
    { id: 'to', header: t('overview.to'), cell: (slot) => hhmm(slot.time_to) },
    { id: 'branch', header: t('overview.branch'), cell: (slot) => t(`branches.${slot.branch}`) },
    {
      id: 'available',
      header: t('overview.available'),
      cell: (slot) => t('overview.availableValue', { available: slot.available_slots, capacity: slot.capacity }),
    },
    // Bookings, and of them those an officer marked attended or missed (kept per slot on the server as they are marked).
    { id: 'booked', header: t('overview.booked'), cell: (slot) => format.number(slot.booked) },
    { id: 'attended', header: t('overview.attended'), cell: (slot) => format.number(slot.attended) },
    { id: 'missed', header: t('overview.missed'), cell: (slot) => format.number(slot.missed) },
    {
      id: 'officers',
      header: t('overview.officers'),
      cell: (slot) =>
        slot.officers.length === 0 ? (
          <span className="slots__muted">{t('overview.noOfficers')}</span>
        ) : (
          <ul className="slots__officers">
            {slot.officers.map((officer) => (
              <li key={officer.id}>
                <span>{officer.full_name}</span>
                <button type="button" className="button button--ghost button--small" onClick={() => void removeOfficer(slot, officer)}>
                  {t('overview.remove')}
                  <span className="visually-hidden"> {officer.full_name}</span>
                </button>
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'actions',
      header: t('overview.actions'),
      cell: (slot) => {
        const selected = slot.id === selectedId;
        return (
          <div className="slots__actions">
            <button
              type="button"
              className={selected ? 'button button--primary button--small' : 'button button--secondary button--small'}
              aria-pressed={selected}
              onClick={() => onSelect(selected ? null : slot)}
            >
              {selected ? t('overview.selected') : t('overview.select')}
              <span className="visually-hidden">{slotName(slot)}</span>
            </button>
            <button type="button" className="button button--danger button--small" onClick={() => setConfirming(slot)}>
              {t('overview.delete')}
              <span className="visually-hidden">{slotName(slot)}</span>
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <section className="card" aria-labelledby="overview-title">
      <h2 id="overview-title">{t('overview.title')}</h2>
      <div className="slots__filter">
        <div className="field">
          <label htmlFor="overview-date">{t('overview.date')}</label>
          <input
            id="overview-date"
            type="date"
            value={filter.date}
            onChange={(e) => {
              onSelect(null);
              onFilterChange({ ...filter, date: e.target.value });
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="overview-station">{t('overview.station')}</label>
          <StationSelect
            id="overview-station"
            placeholder={t('add.chooseStation')}
            value={filter.station}
            onChange={(e) => {
              onSelect(null);
              onFilterChange({ ...filter, station: e.target.value });
            }}
          />
        </div>
      </div>
      <div aria-live="polite" ref={messageRef} tabIndex={-1} className="slots__result" data-testid="overview-result">
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      </div>
      {filter.date ? (
        <QueryState
          query={slots}
          loading={t('overview.loading')}
          error={(err) => errorMessage(err, 'slots:overview.failed')}
          empty={<p className="slots__empty">{t('overview.empty')}</p>}
        >
          {(list) => (
            <DataTable
              caption={t('overview.caption', { date: day, station: stationName(filter.station) })}
              className="slots__table"
              columns={columns}
              rows={list}
              rowKey={(slot) => slot.id}
              rowClassName={(slot) => (slot.id === selectedId ? 'slots__row--selected' : undefined)}
            />
          )}
        </QueryState>
      ) : null}
      <Modal open={confirming !== null} onClose={() => setConfirming(null)} title={t('overview.deleteConfirmTitle')}>
        {confirming ? (
          <>
            <p>
              {t('overview.deleteConfirm', {
                date: day,
                from: hhmm(confirming.time_from),
                to: hhmm(confirming.time_to),
                branch: t(`branches.${confirming.branch}`),
              })}
            </p>
            <p className="slots__booked" data-testid="delete-slot-bookings">
              <strong>{t('overview.deleteBookings', { count: confirming.booked })}</strong>
            </p>
            <div className="modal__actions">
              <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                {t('common:actions.cancel')}
              </button>
              <button type="button" className="button button--danger" onClick={() => void deleteSlot(confirming)}>
                {t('overview.deleteConfirmAction')}
              </button>
            </div>
          </>
        ) : null}
      </Modal>
    </section>
  );
}
