import { useTranslation } from 'react-i18next';
import type { FineAnalytics } from '@pes/contracts';
import { DataTable } from '../../../components/DataTable';
import { useFormat } from '../../../components/format';
import { hourLabel } from './palette';

type Locations = FineAnalytics['topLocations'];
type Hours = FineAnalytics['hourlyDistribution'];

/** The top locations as a ranked table (also the text form of the location ranking). */
export function LocationsTable({ locations, caption }: { locations: Locations; caption: string }) {
  const { t } = useTranslation('fines');
  const format = useFormat();
  if (locations.length === 0) return <p className="analytics-empty">{t('analytics.noData')}</p>;
  const ranked = locations.map((row, i) => ({ ...row, rank: i + 1 }));
  return (
    <DataTable
      caption={caption}
      captionHidden
      stacked={false}
      columns={[
        { id: 'rank', header: '#', cell: (row) => row.rank },
        { id: 'location', header: t('analytics.location'), cell: (row) => row.incident_location },
        { id: 'count', header: t('analytics.fines'), cell: (row) => format.number(row.count), numeric: true },
      ]}
      rows={ranked}
      rowKey={(row) => row.incident_location}
    />
  );
}

/** The hourly counts as a table, visually hidden: the text alternative of an hourly chart. */
export function HourlyTable({ hours, caption }: { hours: Hours; caption: string }) {
  const { t } = useTranslation('fines');
  const format = useFormat();
  // The wrapper hides it: a table's own box grows with its rows, whatever its height says.
  return (
    <div className="visually-hidden">
      <DataTable
        caption={caption}
        stacked={false}
        frame="none"
        columns={[
          { id: 'hour', header: t('analytics.hour'), cell: (row) => hourLabel(row.hour) },
          { id: 'count', header: t('analytics.fines'), cell: (row) => format.number(row.count) },
        ]}
        rows={hours}
        rowKey={(row) => row.hour}
      />
    </div>
  );
}

/** 24 bars, each as tall as its share of the busiest hour (spec §9: scaled to the largest count). */
export function HourBars({ hours, color }: { hours: Hours; color: string }) {
  const max = Math.max(0, ...hours.map((h) => h.count));
  return (
    <div aria-hidden="true">
      <div className="hour-bars">
        {hours.map((h) => (
          <div
            key={h.hour}
            className={h.count === 0 ? 'hour-bars__bar hour-bars__bar--zero' : 'hour-bars__bar'}
            style={{ height: max > 0 ? `${(h.count / max) * 100}%` : '1px', background: h.count > 0 ? color : undefined }}
            title={`${hourLabel(h.hour)}: ${h.count}`}
          />
        ))}
      </div>
      <div className="hour-bars__axis">
        {hours.map((h) => (
          <span key={h.hour}>{String(h.hour).padStart(2, '0')}</span>
        ))}
      </div>
    </div>
  );
}
