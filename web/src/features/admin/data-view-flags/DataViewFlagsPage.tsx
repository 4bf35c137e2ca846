import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_VIEW_FLAG_STATES, type DataViewFlag, type DataViewFlagState } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { useErrorMessage } from '../../../components/errors';
import { useFormat } from '../../../components/format';
import { useKeysetPages } from '../../../components/keyset-pages';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { useStationName } from '../../../lib/stations/stations';
import { AdminPageHeader } from '../AdminPageHeader';
import { useDataViewFlags, useHandleFlag } from './api';
import '../admin.css';

type Outcome = { kind: 'success' | 'error'; text: string; at: number };

/**
 * The administrators' attention list: views of a citizen's data the citizen did not expect ("this was not me"), newest
 * first, with the account, what was opened and by whom; open ones can be marked handled (audited).
 */
export function DataViewFlagsPage() {
  const { t } = useTranslation(['admin', 'common', 'slots']);
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const stationName = useStationName();
  const [state, setState] = useState<DataViewFlagState>('open');
  const pages = useKeysetPages(state);
  const flags = useDataViewFlags(state, pages.cursor);
  const handle = useHandleFlag();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useFocusOutcome(outcome?.at ?? null);

  const markHandled = async (flag: DataViewFlag) => {
    try {
      await handle.mutateAsync(flag.id);
      setOutcome({ kind: 'success', text: t('flags.handleDone'), at: Date.now() });
    } catch (err) {
      setOutcome({ kind: 'error', text: `${t('flags.handleFailed')} ${errorMessage(err)}`, at: Date.now() });
    }
  };

  const whatOf = (f: DataViewFlag) => {
    const kind = t(`flags.kinds.${f.view.what}`);
    const documents = f.view.documents.map((d) => t(`audit.words.${d}`, { defaultValue: d })).join(', ');
    return [documents ? `${kind}: ${documents}` : kind, f.view.reference].filter(Boolean).join(' · ');
  };

  const columns: Column<DataViewFlag>[] = [
    { id: 'flagged', header: t('flags.flaggedAt'), cell: (f) => format.dateTime(f.flagged_at) },
    { id: 'account', header: t('flags.account'), cell: (f) => (f.account.person ? `${f.account.person} (${f.account.username})` : f.account.username) },
    { id: 'view', header: t('flags.view'), cell: (f) => `${format.dateTime(f.view.at)} · ${whatOf(f)}` },
    {
      id: 'opener',
      header: t('flags.opener'),
      cell: (f) =>
        [
          f.view.actor_username,
          f.view.branch ? t(`slots:branches.${f.view.branch}`) : t('flags.administrator'),
          f.view.station ? stationName(f.view.station) : null,
        ]
          .filter(Boolean)
          .join(' · '),
    },
    {
      id: 'action',
      header: t('flags.state'),
      cell: (f) =>
        f.handled_at ? (
          t('flags.handledOn', { when: format.dateTime(f.handled_at), by: f.handled_by ?? '—' })
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('flags.handleLabel', { username: f.account.username, when: format.dateTime(f.flagged_at) })}
            disabled={handle.isPending}
            onClick={() => void markHandled(f)}
          >
            {t('flags.handle')}
          </button>
        ),
    },
  ];

  return (
    <section className="page admin-area">
      <AdminPageHeader title={t('common:pageTitles.adminDataViewFlags')} intro={t('flags.intro')} />
      <div className="card admin-area__filter">
        <div className="field">
          <label htmlFor="flags-state">{t('flags.state')}</label>
          <select id="flags-state" value={state} onChange={(e) => setState(e.target.value as DataViewFlagState)}>
            {DATA_VIEW_FLAG_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`flags.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div ref={outcomeRef} tabIndex={-1} className="admin-area__outcome">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
      <section className="card">
        <QueryState query={flags} error={(err) => `${t('flags.loadFailed')} ${errorMessage(err)}`}>
          {(page) => (
            <>
              {page.flags.length === 0 ? (
                <p className="admin-area__muted">{t('flags.none')}</p>
              ) : (
                <DataTable caption={t('flags.caption')} columns={columns} rows={page.flags} rowKey={(f) => f.id} />
              )}
              <TablePages caption={t('flags.caption')} busy={flags.isPlaceholderData} {...pages.controls(page.next_cursor)} />
            </>
          )}
        </QueryState>
      </section>
    </section>
  );
}
