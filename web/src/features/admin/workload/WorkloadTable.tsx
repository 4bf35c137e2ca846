import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BRANCHES,
  DEFAULT_OVERLOADED_ABOVE,
  DEFAULT_UNDERUTILIZED_BELOW,
  WORKLOAD_STATUSES,
  type Branch,
  type WorkloadRow,
  type WorkloadStatus,
} from '@pes/contracts';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { useFormat } from '../../../components/format';
import { useKeysetPages } from '../../../components/keyset-pages';
import { QueryState } from '../../../components/QueryState';
import { StationSelect } from '../../../lib/stations/StationSelect';
import { useStationName } from '../../../lib/stations/stations';
import { useWorkload } from '../users/api';
import '../admin.css';

const isThreshold = (value: string) => /^\d{1,6}$/.test(value.trim());

/**
 * Officers' work by workload class, classified by the two editable thresholds (spec §4, §9), optionally only the
 * officers of a branch, a station, or one status (overloaded, balanced, under-utilized); by name, a keyset page at a
 * time (the server's order: a column sort would only reorder the page shown), with how many the filters find and
 * the moment the counts were read.
 */
export function WorkloadTable() {
  const { t } = useTranslation(['admin', 'slots']);
  const stationName = useStationName();
  const format = useFormat();
  const [draft, setDraft] = useState({
    branch: '' as Branch | '',
    station: '',
    status: '' as WorkloadStatus | '',
    over: String(DEFAULT_OVERLOADED_ABOVE),
    under: String(DEFAULT_UNDERUTILIZED_BELOW),
  });
  const [applied, setApplied] = useState({
    branch: '' as Branch | '',
    station: '',
    status: '' as WorkloadStatus | '',
    over: DEFAULT_OVERLOADED_ABOVE,
    under: DEFAULT_UNDERUTILIZED_BELOW,
  });
  const [invalid, setInvalid] = useState<{ over: boolean; under: boolean }>({ over: false, under: false });
  const pages = useKeysetPages(JSON.stringify(applied));
  const workload = useWorkload(applied, pages.cursor);

  const refresh = (e: FormEvent) => {
    e.preventDefault();
    const bad = { over: !isThreshold(draft.over), under: !isThreshold(draft.under) };
    setInvalid(bad);
    if (bad.over || bad.under) return;
    const next = { branch: draft.branch, station: draft.station, status: draft.status, over: Number(draft.over), under: Number(draft.under) };
    if (JSON.stringify(next) === JSON.stringify(applied)) void workload.refetch();
    else setApplied(next);
  };

  const count = (id: 'total' | 'pending' | 'in_progress' | 'completed' | 'other'): Column<WorkloadRow> => ({
    id,
    header: t(`workload.${id}`),
    cell: (r) => r[id],
    numeric: true,
  });
  const columns: Column<WorkloadRow>[] = [
    { id: 'officer', header: t('workload.officer'), cell: (r) => `${r.officer} (${stationName(r.station)})` },
    { id: 'branch', header: t('workload.branch'), cell: (r) => t(`slots:branches.${r.branch}`) },
    count('total'),
    count('pending'),
    count('in_progress'),
    count('completed'),
    count('other'),
    {
      id: 'status',
      header: t('workload.status'),
      cell: (r) => <span className={`workload__status workload__status--${r.status}`}>{t(`workload.statuses.${r.status}`)}</span>,
    },
  ];

  const threshold = (key: 'over' | 'under', label: string) => (
    <div className="field">
      <label htmlFor={`workload-${key}`}>{label}</label>
      <input
        id={`workload-${key}`}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={draft[key]}
        aria-invalid={invalid[key] || undefined}
        aria-describedby={invalid[key] ? `workload-${key}-error` : undefined}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
      {invalid[key] ? (
        <p id={`workload-${key}-error`} className="field__error">
          {t('workload.thresholdInvalid')}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="card" aria-labelledby="workload-title">
      <h2 id="workload-title">{t('workload.title')}</h2>
      <form className="workload__controls" onSubmit={refresh} noValidate>
        <div className="field">
          <label htmlFor="workload-branch">{t('workload.branch')}</label>
          <select id="workload-branch" value={draft.branch} onChange={(e) => setDraft({ ...draft, branch: e.target.value as Branch | '' })}>
            <option value="">{t('workload.allBranches')}</option>
            {BRANCHES.map((b) => (
              <option key={b} value={b}>
                {t(`slots:branches.${b}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="workload-station">{t('workload.station')}</label>
          <StationSelect
            id="workload-station"
            placeholder={t('workload.allStations')}
            value={draft.station}
            onChange={(e) => setDraft({ ...draft, station: e.target.value })}
          />
        </div>
        {/* Over or under at the thresholds below: the server classifies, so the filter and the Status column agree. */}
        <div className="field">
          <label htmlFor="workload-status">{t('workload.statusFilter')}</label>
          <select id="workload-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as WorkloadStatus | '' })}>
            <option value="">{t('workload.allStatuses')}</option>
            {WORKLOAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`workload.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {threshold('over', t('workload.overloadedAbove'))}
        {threshold('under', t('workload.underutilizedBelow'))}
        <button type="submit" className="button" disabled={workload.isFetching}>
          {t('workload.refresh')}
        </button>
      </form>
      <QueryState query={workload} error={t('workload.loadFailed')}>
        {(data) => (
          <>
            <p className="admin-area__muted" role="status" data-testid="workload-total">
              {t(data.total_exact ? 'workload.totalOfficers' : 'workload.totalOfficersOver', { count: data.total, shown: format.number(data.total) })}{' '}
              {t('workload.asOf', { time: format.dateTime(data.as_of) })}
            </p>
            {data.rows.length === 0 ? (
              <p className="admin-area__muted">{applied.status ? t('workload.noneOfStatus') : t('workload.none')}</p>
            ) : (
              <>
                <DataTable
                  caption={t('workload.caption')}
                  captionHidden
                  className="workload__table"
                  columns={columns}
                  rows={data.rows}
                  rowKey={(r) => r.officer_row_id}
                />
                <TablePages
                  caption={t('workload.caption')}
                  pages={data.total_exact ? Math.max(1, Math.ceil(data.total / data.page_size)) : undefined}
                  busy={workload.isPlaceholderData}
                  {...pages.controls(data.next_cursor)}
                />
              </>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
