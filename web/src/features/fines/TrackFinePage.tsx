import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../paths';
import { useFineHistory } from './api';
import { useFineColumns } from './components/fine-columns';
import './fines.css';

/** The signed-in citizen's paid fines, newest payment first. */
export function TrackFinePage() {
  const { t } = useTranslation(['fines', 'common']);
  const history = useFineHistory();
  const column = useFineColumns();
  return (
    <section className="page fines-page">
      <PageTitle subtitle={t('history.intro')}>{t('common:pageTitles.trackFine')}</PageTitle>
      <QueryState
        query={history}
        error={t('history.failed')}
        isEmpty={(data) => data.fines.length === 0}
        empty={
          <div className="card">
            <p>{t('history.empty')}</p>
            <Link className="button button--primary" to={paths.payFine}>
              {t('history.toPayFine')}
            </Link>
          </div>
        }
      >
        {({ fines }) => (
          <div className="card">
            <DataTable
              caption={t('history.caption')}
              captionHidden
              className="fines-table"
              columns={[column.vehicle, column.violation, column.amountPaid, column.issuedOn, column.paidAt, column.reference, column.court]}
              rows={fines}
              rowKey={(fine) => fine.id}
            />
            <p>
              <Link to={paths.payFine}>{t('history.toPayFine')}</Link>
            </p>
          </div>
        )}
      </QueryState>
    </section>
  );
}
