import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFICER_FINE_SEARCH_MIN, vehicleSearchKey } from '@pes/contracts';
import { DataTable, TablePages } from '../../components/DataTable';
import { useKeysetPages } from '../../components/keyset-pages';
import { QueryState } from '../../components/QueryState';
import { useDebounced } from '../../lib/use-debounced';
import { paths } from '../../paths';
import { useOfficerFines } from './api';
import { useFineColumns } from './components/fine-columns';
import { LinkActions } from '../../components/LinkActions';
import { SearchField } from '../../components/SearchField';
import './fines.css';

/** The Traffic Fine Branch dashboard: the fines this officer issued, a search, Issue New Fine and View Analytics. */
export function FineOfficerDashboard() {
  const { t } = useTranslation('fines');
  const column = useFineColumns();
  const [search, setSearch] = useState('');
  const typed = useDebounced(search.trim(), 300);
  // The server answers a search of fewer letters or digits with a 400 (no index finds a page of such a search
  // cheaply): until there are enough, say so and keep the unsearched list.
  const tooShort = typed !== '' && vehicleSearchKey(typed).length < OFFICER_FINE_SEARCH_MIN;
  const term = tooShort ? '' : typed;
  // Each page's `before`, for the search it belongs to: another search starts again.
  const pages = useKeysetPages(term);
  const list = useOfficerFines(term, pages.cursor ?? undefined);
  // While a new search loads, the list still shows the last one's fines and total: its words must say so too,
  // or the new search's name would sit beside the old count.
  const [shownTerm, setShownTerm] = useState(term);
  if (!list.isPlaceholderData && list.data && shownTerm !== term) setShownTerm(term);
  // The server orders the pages (newest first): sorting one page in the browser would mislead.
  const columns = [column.vehicle, column.identity, column.offence, column.amount, column.status, column.due, column.issuedAt].map((c) => ({
    ...c,
    sortValue: undefined,
  }));

  return (
    <div className="stack fines-page">
      <LinkActions
        className="fines-actions"
        actions={[
          { to: paths.policeIssueFine, label: t('officer.issueNew'), primary: true },
          { to: paths.policeAnalytics, label: t('officer.viewAnalytics') },
        ]}
      />

      <section className="card" aria-labelledby="issued-fines-title">
        <div className="fines-toolbar">
          <h2 id="issued-fines-title">{t('officer.issuedFines')}</h2>
          <SearchField id="officer-fine-search" label={t('officer.search')} value={search} onChange={setSearch} placeholder={t('officer.searchPlaceholder')} />
        </div>
        <p className="field__hint" id="officer-fine-search-min" role="status">
          {tooShort ? t('officer.searchMinLength', { min: OFFICER_FINE_SEARCH_MIN }) : null}
        </p>

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
          {({ fines, total, total_exact, page_size, next_cursor }) => (
            <>
              <p className="fines-total" role="status">
                {shownTerm
                  ? t(total_exact ? 'officer.totalMatching' : 'officer.totalMatchingOver', { count: total, search: shownTerm })
                  : t('officer.total', { count: total })}
              </p>
              <DataTable
                caption={t('officer.issuedFines')}
                captionHidden
                className="fines-table"
                frame="scroll-box"
                columns={columns}
                rows={fines}
                rowKey={(fine) => fine.id}
              />
              <TablePages
                caption={t('officer.issuedFines')}
                pages={total_exact ? Math.max(1, Math.ceil(total / page_size)) : undefined}
                busy={list.isPlaceholderData}
                {...pages.controls(next_cursor)}
              />
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
