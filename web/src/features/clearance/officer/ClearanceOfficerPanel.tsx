import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLEARANCE_OFFICER_STATUSES,
  CLEARANCE_SEARCH_MAX,
  CLEARANCE_STATIONS,
  type ClearanceListItem,
  type ClearanceOfficerStatus,
  type ClearanceStation,
} from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { useErrorMessage } from '../../../components/errors';
import { useFormat } from '../../../components/format';
import { useKeysetPages } from '../../../components/keyset-pages';
import { QueryState } from '../../../components/QueryState';
import { useStationName } from '../../../lib/stations/stations';
import { useDebounced } from '../../../lib/use-debounced';
import { useClearanceApplications, type ApplicationsPage } from './api';
import { ApplicationModal } from './ApplicationModal';
import '../clearance.css';
import { SearchField } from '../../../components/SearchField';
import './officer.css';

const SEARCH_DELAY_MS = 300;

/** The Admin Branch's clearance applications: newest paid first, searched, filtered and paged on the server. */
export function ClearanceOfficerPanel() {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<ClearanceOfficerStatus | ''>('');
  const [station, setStation] = useState<ClearanceStation | ''>('');
  const stationName = useStationName();
  const search = useDebounced(searchText, SEARCH_DELAY_MS);
  // Each page's cursor, for the search and filters it belongs to: another search or filter starts again.
  const pages = useKeysetPages(JSON.stringify([search.trim(), status, station]));
  const applications = useClearanceApplications({ search, status, station, cursor: pages.cursor });
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: Column<ClearanceListItem>[] = [
    {
      id: 'reference',
      header: t('officer.columns.reference'),
      cell: (a) => (
        <button type="button" className="link-button" tabIndex={-1} onClick={() => setOpenId(a.id)}>
          {a.reference_number ?? t('officer.noReference')}
        </button>
      ),
    },
    { id: 'name', header: t('officer.columns.name'), cell: (a) => a.full_name_nic },
    { id: 'nic', header: t('officer.columns.nic'), cell: (a) => a.nic_number },
    { id: 'station', header: t('officer.columns.station'), cell: (a) => stationName(a.station) },
    {
      id: 'status',
      header: t('officer.columns.status'),
      cell: (a) => <span className={`clearance-status clearance-status--${a.application_status}`}>{t(`status.${a.application_status}`)}</span>,
    },
    { id: 'handledBy', header: t('officer.columns.handledBy'), cell: (a) => a.handled_by ?? t('officer.notHandled') },
    { id: 'paid', header: t('officer.columns.paid'), cell: (a) => (a.paid_at ? format.dateTime(a.paid_at) : '—') },
    {
      id: 'certificate',
      header: t('officer.columns.certificate'),
      cell: (a) => (a.has_certificate ? t('officer.certificateAttached') : t('officer.certificateNone')),
    },
  ];

  return (
    <section className="card clearance-officer" aria-labelledby="clearance-officer-title">
      <h2 id="clearance-officer-title">{t('officer.title')}</h2>
      <div className="clearance-officer__filters">
        <SearchField id="clearance-search" label={t('officer.search')} maxLength={CLEARANCE_SEARCH_MAX} value={searchText} onChange={setSearchText} />
        <div className="field">
          <label htmlFor="clearance-status-filter">{t('officer.filterStatus')}</label>
          <select id="clearance-status-filter" value={status} onChange={(e) => setStatus(e.target.value as ClearanceOfficerStatus | '')}>
            <option value="">{t('officer.allStatuses')}</option>
            {CLEARANCE_OFFICER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="clearance-station-filter">{t('officer.filterStation')}</label>
          <select id="clearance-station-filter" value={station} onChange={(e) => setStation(e.target.value as ClearanceStation | '')}>
            <option value="">{t('officer.allStations')}</option>
            {CLEARANCE_STATIONS.map((s) => (
              <option key={s} value={s}>
                {stationName(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={applications}
        loading={t('officer.loading')}
        error={(err) => t('officer.loadFailed', { reason: errorMessage(err) })}
        empty={<Alert kind="info">{t('officer.none')}</Alert>}
        isEmpty={(data: ApplicationsPage) => data.applications.length === 0 && pages.cursor === null}
      >
        {(data) => (
          <>
            <p className="clearance-officer__total" data-testid="clearance-total">
              {/* Counted up to a cap, as the fines pages are: "more than 500" beyond it. */}
              {t(data.total_exact ? 'officer.total' : 'officer.totalOver', { count: data.total })}
            </p>
            <DataTable
              caption={t('officer.title')}
              captionHidden
              columns={columns}
              rows={data.applications}
              rowKey={(a) => a.id}
              onRowClick={(a) => setOpenId(a.id)}
            />
            <TablePages caption={t('officer.title')} {...pages.controls(data.next_cursor)} busy={applications.isPlaceholderData} />
          </>
        )}
      </QueryState>
      <ApplicationModal id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
