import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Complaint } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { TablePages } from '../../components/DataTable';
import { useKeysetPages } from '../../components/keyset-pages';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
import { useMyComplaints } from './api';
import { ComplaintDetails } from '../../domain/complaints/ComplaintDetails';
import { useComplaintText } from '../../domain/complaints/complaint-text';
import { StatusBadge } from '../../domain/complaints/StatusBadge';
import { StatusTimeline } from '../../domain/complaints/StatusTimeline';
import './complaints.css';

function ComplaintCard({ complaint: c }: { complaint: Complaint }) {
  const { t } = useTranslation('complaints');
  const format = useFormat();
  const text = useComplaintText();
  const headingId = `complaint-${c.id}`;
  return (
    <li className="card complaint-card" aria-labelledby={headingId}>
      <div className="complaint-card__head">
        <h2 id={headingId}>{t('track.heading', { title: text.title(c), reference: c.reference_number })}</h2>
        <StatusBadge status={c.status} />
      </div>
      <dl className="details__list">
        <div className="details__row">
          <dt>{t('fields.incident_type')}</dt>
          <dd>{text.incident(c)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('fields.what_happened')}</dt>
          <dd className="complaint-card__what">{c.what_happened}</dd>
        </div>
        <div className="details__row">
          <dt>{t('fields.station')}</dt>
          <dd>{text.station(c)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('fields.appointment')}</dt>
          <dd>{text.appointment(c)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('fields.attachment')}</dt>
          <dd>
            {c.attachment ? (
              <a href={c.attachment.url} target="_blank" rel="noopener">
                {t('track.viewAttachment')}
                <span className="visually-hidden"> ({c.attachment.name})</span>
              </a>
            ) : (
              t('track.noAttachment')
            )}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('fields.submitted_at')}</dt>
          <dd>{format.dateTime(c.submitted_at)}</dd>
        </div>
      </dl>
      <StatusTimeline complaint={c} headingId={`${headingId}-timeline`} />
      <details className="complaint-card__more">
        <summary>{t('track.moreDetails')}</summary>
        <ComplaintDetails complaint={c} />
      </details>
    </li>
  );
}

/** The citizen's own complaints, newest first, a page at a time. */
export function TrackComplaintPage() {
  const { t } = useTranslation(['complaints', 'common']);
  const pages = useKeysetPages('');
  const complaints = useMyComplaints(pages.cursor);
  return (
    <section className="page page--medium">
      <PageTitle subtitle={t('track.intro')}>{t('common:pageTitles.trackComplaint')}</PageTitle>
      <p>
        <Link className="button button--secondary" to={paths.complaint}>
          {t('track.newComplaint')}
        </Link>
      </p>
      <QueryState
        query={complaints}
        loading={t('track.loading')}
        error={t('track.failed')}
        isEmpty={(page) => page.complaints.length === 0}
        empty={<Alert kind="info">{t('track.empty')}</Alert>}
      >
        {({ complaints: list, total, total_exact, page_size, next_cursor }) => (
          <>
            <ul className="complaint-list">
              {list.map((c) => (
                <ComplaintCard key={c.id} complaint={c} />
              ))}
            </ul>
            {/* The cards are a list rather than a table (each has its timeline and details); they page as the tables do. */}
            <TablePages
              caption={t('track.caption')}
              pages={total_exact ? Math.max(1, Math.ceil(total / page_size)) : undefined}
              busy={complaints.isPlaceholderData}
              {...pages.controls(next_cursor)}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
