import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
import { useOfficerFines } from './api';
import { FineStatusBadge } from './components/FineStatusBadge';
import { useFineLabels } from './components/labels';
import './fines.css';

/** Waits until typing pauses, so a search is not sent for every key. */
function useDebounced<T>(value: T, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The Traffic Fine Branch dashboard: the fines this officer issued, a search, Issue New Fine and View Analytics. */
export function FineOfficerDashboard() {
  const { t } = useTranslation('fines');
  const format = useFormat();
  const labels = useFineLabels();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const list = useOfficerFines(term);
  const fines = list.data?.fines;
  const columns = {
    vehicle: t('fields.vehicleNumber'),
    identity: t('fields.identityNumber'),
    violation: t('fields.violation'),
    amount: t('fields.amountLkr'),
    status: t('fields.status'),
    due: t('fields.dueDate'),
    issued: t('fields.issuedAt'),
  };

  return (
    <div className="stack fines-page">
      <div className="fines-actions">
        <Link className="button button--primary" to={paths.policeIssueFine}>
          {t('officer.issueNew')}
        </Link>
        <Link className="button button--secondary" to={paths.policeAnalytics}>
          {t('officer.viewAnalytics')}
        </Link>
      </div>

      <section className="card" aria-labelledby="issued-fines-title">
        <div className="fines-toolbar">
          <h2 id="issued-fines-title">{t('officer.issuedFines')}</h2>
          <div className="field">
            <label htmlFor="officer-fine-search">{t('officer.search')}</label>
            <input
              id="officer-fine-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('officer.searchPlaceholder')}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </div>

        {list.isPending ? (
          <p className="page-status" role="status">
            {t('common:guard.loading')}
          </p>
        ) : list.isError ? (
          <Alert kind="error">{t('officer.loadFailed')}</Alert>
        ) : fines && fines.length === 0 ? (
          <p className="fines-empty" role="status">
            {term ? t('officer.noMatches', { search: term }) : t('officer.empty')}
          </p>
        ) : (
          <>
            <p className="visually-hidden" role="status">
              {t('officer.count', { count: fines?.length ?? 0 })}
            </p>
            <div className="fines-scroll" tabIndex={0} role="region" aria-labelledby="issued-fines-title">
              <table className="fines-table fines-table--stack">
                <thead>
                  <tr>
                    <th scope="col">{columns.vehicle}</th>
                    <th scope="col">{columns.identity}</th>
                    <th scope="col">{columns.violation}</th>
                    <th scope="col" className="num">{columns.amount}</th>
                    <th scope="col">{columns.status}</th>
                    <th scope="col">{columns.due}</th>
                    <th scope="col">{columns.issued}</th>
                  </tr>
                </thead>
                <tbody>
                  {fines?.map((fine) => (
                    <tr key={fine.id}>
                      <td data-label={columns.vehicle}>
                        <span className="fine-plate">{fine.vehicle_number}</span>
                      </td>
                      <td data-label={columns.identity}>
                        {labels.identityType(fine.citizen_identity_type)} {fine.citizen_identity_number}
                      </td>
                      <td data-label={columns.violation}>{labels.offense(fine.offense_type)}</td>
                      <td data-label={columns.amount} className="num">
                        {format.money(fine.amount)}
                      </td>
                      <td data-label={columns.status}>
                        <FineStatusBadge status={fine.display_status} />
                      </td>
                      <td data-label={columns.due} className="nowrap">
                        {format.calendarDate(fine.due_date)}
                      </td>
                      <td data-label={columns.issued} className="nowrap">
                        {format.dateTime(fine.issued_at)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
