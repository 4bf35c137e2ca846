import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useDebounced } from '../../lib/use-debounced';
import { paths } from '../../paths';
import { useOfficerFines } from './api';
import { useFineColumns } from './components/fine-columns';
import './fines.css';

/** Up to FINE_LIST_LIMIT fines come at once; a page of them fits the scrolling box. */
const PAGE_SIZE = 25;

/** The Traffic Fine Branch dashboard: the fines this officer issued, a search, Issue New Fine and View Analytics. */
export function FineOfficerDashboard() {
  const { t } = useTranslation('fines');
  const column = useFineColumns();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const list = useOfficerFines(term);

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

        <QueryState
          query={list}
          error={t('officer.loadFailed')}
          isEmpty={(data) => data.fines.length === 0}
          empty={
            <p className="fines-empty" role="status">
              {term ? t('officer.noMatches', { search: term }) : t('officer.empty')}
            </p>
          }
        >
          {({ fines }) => (
            <>
              <p className="visually-hidden" role="status">
                {t('officer.count', { count: fines.length })}
              </p>
              <DataTable
                caption={t('officer.issuedFines')}
                captionHidden
                className="fines-table"
                frame="scroll-box"
                pageSize={PAGE_SIZE}
                columns={[column.vehicle, column.identity, column.offence, column.amount, column.status, column.due, column.issuedAt]}
                rows={fines}
                rowKey={(fine) => fine.id}
              />
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
