import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFENSE_TYPES, type FineAnalytics, type OffenseType } from '@pes/contracts';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { QueryState, type QueryLike } from '../../components/QueryState';
import { useErrorMessage } from '../../components/errors';
import { useFormat } from '../../components/format';
import { StationSelect } from '../../lib/stations/StationSelect';
import { paths } from '../../paths';
import { useFineAnalytics } from './api';
import { HourBars, HourlyTable, LocationsTable } from './components/AnalyticsTables';
import { useFineLabels } from './components/labels';
import { paletteColor } from './components/palette';
import './fines.css';

// Recharts is loaded with this page's charts only, not with the rest of the police area.
const charts = () => import('./components/AnalyticsCharts');
const ViolationsDonut = lazy(() => charts().then((m) => ({ default: m.ViolationsDonut })));
const HourlyBarChart = lazy(() => charts().then((m) => ({ default: m.HourlyBarChart })));

/**
 * Traffic analytics for the Traffic Fine Branch, for every station or one: violations, a chosen violation's places
 * and hours, overall hours and places.
 */
export function AnalyticsPage() {
  const { t } = useTranslation(['fines', 'common']);
  const errorMessage = useErrorMessage();
  const [station, setStation] = useState('');
  const overall = useFineAnalytics('', station);
  const [chosen, setChosen] = useState<OffenseType | ''>('');
  // Until the officer chooses, focus on the most common violation.
  const focusType: OffenseType = chosen || overall.data?.topViolations.find((v) => v.count > 0)?.offense_type || OFFENSE_TYPES[0];
  const focus = useFineAnalytics(overall.data ? focusType : '', station);

  return (
    <section className="page fines-page">
      <PageTitle subtitle={t('analytics.intro')}>{t('common:pageTitles.analytics')}</PageTitle>
      <p>
        <Link to={paths.policeDashboard}>{t('issue.backToDashboard')}</Link>
      </p>
      <div className="field analytics-station">
        <label htmlFor="analytics-station">{t('analytics.station')}</label>
        <p id="analytics-station-note" className="field__hint">
          {t('analytics.stationNote')}
        </p>
        <StationSelect
          id="analytics-station"
          aria-describedby="analytics-station-note"
          placeholder={t('analytics.allStations')}
          value={station}
          onChange={(e) => setStation(e.target.value)}
        />
      </div>
      <QueryState query={overall} error={(err) => errorMessage(err, 'fines:analytics.loadFailed')}>
        {(data) => (
          <div className="analytics-grid">
            <ViolationsCard data={data} />
            <FocusCard
              focusType={focusType}
              color={paletteColor(
                Math.max(
                  0,
                  data.topViolations.findIndex((v) => v.offense_type === focusType),
                ),
              )}
              onChoose={setChosen}
              focus={focus}
            />
            <section className="card analytics-card" aria-labelledby="overall-hours-title">
              <h2 id="overall-hours-title">{t('analytics.overallHours')}</h2>
              <Suspense fallback={<div className="chart-box" />}>
                <HourlyBarChart data={data.hourlyDistribution} color={paletteColor(0)} countLabel={t('analytics.fines')} />
              </Suspense>
              <HourlyTable hours={data.hourlyDistribution} caption={t('analytics.overallHours')} />
              <p className="analytics-empty">{t('analytics.hoursNote')}</p>
            </section>
            <section className="card analytics-card" aria-labelledby="overall-locations-title">
              <h2 id="overall-locations-title">{t('analytics.overallLocations')}</h2>
              <LocationsTable locations={data.topLocations} caption={t('analytics.overallLocations')} />
            </section>
          </div>
        )}
      </QueryState>
    </section>
  );
}

function ViolationsCard({ data }: { data: FineAnalytics }) {
  const { t } = useTranslation('fines');
  const labels = useFineLabels();
  const format = useFormat();
  const total = data.topViolations.reduce((sum, v) => sum + v.count, 0);
  const slices = data.topViolations.map((v, i) => ({ name: labels.offense(v.offense_type), value: v.count, fill: paletteColor(i) }));
  return (
    <section className="card analytics-card" aria-labelledby="violations-title">
      <h2 id="violations-title">{t('analytics.topViolations')}</h2>
      {total === 0 ? (
        <p className="analytics-empty">{t('analytics.noFines')}</p>
      ) : (
        <Suspense fallback={<div className="chart-box" />}>
          <ViolationsDonut slices={slices} />
        </Suspense>
      )}
      <DataTable
        caption={t('analytics.topViolations')}
        captionHidden
        stacked={false}
        columns={[
          {
            id: 'violation',
            header: t('fields.violation'),
            cell: (s) => (
              <>
                <span className="legend-swatch" style={{ background: s.fill }} aria-hidden="true" />
                {s.name}
              </>
            ),
          },
          { id: 'count', header: t('analytics.fines'), cell: (s) => format.number(s.value), numeric: true },
          { id: 'share', header: t('analytics.share'), cell: (s) => (total > 0 ? `${Math.round((s.value / total) * 100)}%` : '—'), numeric: true },
        ]}
        rows={slices}
        rowKey={(s) => s.name}
      />
    </section>
  );
}

function FocusCard({
  focusType,
  color,
  onChoose,
  focus,
}: {
  focusType: OffenseType;
  color: string;
  onChoose: (type: OffenseType) => void;
  focus: QueryLike<FineAnalytics>;
}) {
  const { t } = useTranslation(['fines', 'common']);
  const labels = useFineLabels();
  const errorMessage = useErrorMessage();
  const name = labels.offense(focusType);
  return (
    <section className="card analytics-card" aria-labelledby="focus-title">
      <h2 id="focus-title">{t('analytics.focusTitle')}</h2>
      <div className="field">
        <label htmlFor="analytics-focus">{t('analytics.chooseViolation')}</label>
        <select id="analytics-focus" value={focusType} onChange={(e) => onChoose(e.target.value as OffenseType)}>
          {OFFENSE_TYPES.map((type) => (
            <option key={type} value={type}>
              {labels.offense(type)}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite" aria-busy={focus.isPending}>
        <QueryState query={focus} error={(err) => errorMessage(err, 'fines:analytics.loadFailed')}>
          {(data) => (
            <>
              <h3>{t('analytics.focusLocations', { violation: name })}</h3>
              <LocationsTable locations={data.topLocations} caption={t('analytics.focusLocations', { violation: name })} />
              <h3>{t('analytics.focusHours', { violation: name })}</h3>
              <HourBars hours={data.hourlyDistribution} color={color} />
              <HourlyTable hours={data.hourlyDistribution} caption={t('analytics.focusHours', { violation: name })} />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
