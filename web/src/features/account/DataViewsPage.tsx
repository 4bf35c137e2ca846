import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataView } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { DataTable, TablePages, type Column } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { useErrorMessage } from '../../components/errors';
import { useFormat } from '../../components/format';
import { useKeysetPages } from '../../components/keyset-pages';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useStationName } from '../../lib/stations/stations';
import { AccountNav } from './AccountNav';
import { useDataViews, useFlagDataView } from './api';

type Outcome = { kind: 'success' | 'error'; text: string; at: number };

/**
 * "Who has looked at my data?": every time staff opened the citizen's data (identity photos, an application's
 * documents, a complaint's details, a certificate draft), newest first, by branch and station, never by name; each
 * can be sent to the administrators' attention when it was not expected.
 */
export function DataViewsPage() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const stationName = useStationName();
  const pages = useKeysetPages('data-views');
  const views = useDataViews(pages.cursor);
  const flag = useFlagDataView();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The button pressed turns into a note: the outcome takes the focus, which would otherwise drop to the body.
  const outcomeRef = useFocusOutcome(outcome?.at ?? null);

  const whatOf = (v: DataView) => {
    const kind = t(`dataViews.kinds.${v.what}`);
    if (v.documents.length === 0) return kind;
    return `${kind}: ${v.documents.map((d) => t(`dataViews.documents.${d}`, { defaultValue: d })).join(', ')}`;
  };
  const whoOf = (v: DataView) =>
    [v.branch ? t(`dataViews.branches.${v.branch}`) : t('dataViews.administrator'), v.station ? stationName(v.station) : t('dataViews.unknownStation')].join(
      ' · ',
    );

  const send = async (v: DataView) => {
    try {
      await flag.mutateAsync(v.id);
      setOutcome({ kind: 'success', text: t('dataViews.flagDone'), at: Date.now() });
    } catch (err) {
      setOutcome({ kind: 'error', text: `${t('dataViews.flagFailed')} ${errorMessage(err)}`, at: Date.now() });
    }
  };

  const columns: Column<DataView>[] = [
    { id: 'when', header: t('dataViews.when'), cell: (v) => format.dateTime(v.at) },
    { id: 'who', header: t('dataViews.who'), cell: whoOf },
    { id: 'what', header: t('dataViews.what'), cell: whatOf },
    { id: 'record', header: t('dataViews.record'), cell: (v) => v.reference ?? '—' },
    {
      id: 'action',
      header: t('dataViews.action'),
      cell: (v) =>
        v.flagged ? (
          <span className="account-page__muted">{t('dataViews.flagged')}</span>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('dataViews.flagLabel', { what: whatOf(v), when: format.dateTime(v.at) })}
            disabled={flag.isPending}
            onClick={() => void send(v)}
          >
            {t('dataViews.flag')}
          </button>
        ),
    },
  ];

  return (
    <section className="page account-page">
      <PageTitle>{t('dataViews.title')}</PageTitle>
      <AccountNav />
      <p>{t('dataViews.intro')}</p>
      <p>{t('dataViews.notExpected')}</p>
      <div ref={outcomeRef} tabIndex={-1} className="account-page__outcome">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
      <QueryState query={views} error={(err) => `${t('dataViews.loadFailed')} ${errorMessage(err)}`}>
        {(page) => (
          <>
            {page.entries.length === 0 && pages.cursor === null ? (
              <p className="account-page__muted">{t('dataViews.none')}</p>
            ) : (
              <DataTable caption={t('dataViews.caption')} columns={columns} rows={page.entries} rowKey={(v) => v.id} />
            )}
            <TablePages caption={t('dataViews.caption')} busy={views.isPlaceholderData} {...pages.controls(page.next_cursor)} />
          </>
        )}
      </QueryState>
    </section>
  );
}
