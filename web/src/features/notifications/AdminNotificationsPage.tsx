import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATES, type NotificationMessage } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { DataTable, TablePages, type Column } from '../../components/DataTable';
import { useKeysetPages } from '../../components/keyset-pages';
import { useFormat } from '../../components/format';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useNotifications, useRetryNotification, type NotificationsFilter } from './api';

const EMPTY: NotificationsFilter = { channel: '', state: '', recipient: '' };

/**
 * Messages to citizens and how their delivery went, newest first; a failed one can be sent again. Messages
 * kept because no channel is configured show their text here: the development mailbox.
 */
export function AdminNotificationsPage() {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState(EMPTY);
  const pages = useKeysetPages(JSON.stringify(filter));
  const list = useNotifications(filter, pages.cursor);
  const retry = useRetryNotification();
  const outcomeRef = useFocusOutcome(retry.submittedAt || null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft, recipient: draft.recipient.trim() });
    pages.restart();
  };

  const columns: Column<NotificationMessage>[] = [
    { id: 'created', header: t('admin.created'), cell: (m) => format.dateTime(m.created_at) },
    { id: 'reference', header: t('admin.reference'), cell: (m) => m.reference },
    { id: 'channel', header: t('admin.channel'), cell: (m) => t(`channels.${m.channel}`) },
    { id: 'recipient', header: t('admin.recipient'), cell: (m) => m.recipient },
    { id: 'template', header: t('admin.template'), cell: (m) => t(`templates.${m.template}`) },
    { id: 'state', header: t('admin.state'), cell: (m) => `${t(`states.${m.state}`)} (${m.attempts})` },
    {
      id: 'text',
      header: t('admin.text'),
      cell: (m) => (
        <details>
          <summary>{m.subject ?? t('admin.showText')}</summary>
          <pre className="notifications__text" lang={m.language}>
            {m.body}
          </pre>
          {m.provider_answer && (
            <p>
              {t('admin.providerAnswer')}: {m.provider_answer}
            </p>
          )}
        </details>
      ),
    },
    {
      id: 'retry',
      header: t('admin.actions'),
      cell: (m) =>
        m.state === 'failed' ? (
          <button type="button" className="button button--secondary" disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>
            {t('admin.retry', { reference: m.reference })}
          </button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <section className="page admin-area">
      <PageTitle>{t('admin.title')}</PageTitle>
      <p className="admin-area__muted">{t('admin.intro')}</p>
      <form className="card admin-area__filter" onSubmit={apply}>
        <div className="field">
          <label htmlFor="notifications-channel">{t('admin.channel')}</label>
          <select
            id="notifications-channel"
            value={draft.channel}
            onChange={(e) => setDraft({ ...draft, channel: e.target.value as NotificationsFilter['channel'] })}
          >
            <option value="">{t('admin.any')}</option>
            {NOTIFICATION_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`channels.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="notifications-state">{t('admin.state')}</label>
          <select id="notifications-state" value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value as NotificationsFilter['state'] })}>
            <option value="">{t('admin.any')}</option>
            {NOTIFICATION_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="notifications-recipient">{t('admin.recipient')}</label>
          <input
            id="notifications-recipient"
            value={draft.recipient}
            maxLength={254}
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, recipient: e.target.value })}
          />
        </div>
        <button type="submit" className="button">
          {t('admin.apply')}
        </button>
      </form>
      <div ref={outcomeRef} tabIndex={-1}>
        {retry.isSuccess && <Alert kind="success">{t('admin.retried')}</Alert>}
        {retry.isError && <Alert kind="error">{errorMessage(retry.error)}</Alert>}
      </div>
      <section className="card">
        <QueryState query={list}>
          {(page) => (
            <>
              {page.messages.length === 0 ? (
                <p className="admin-area__muted">{t('admin.none')}</p>
              ) : (
                <DataTable caption={t('admin.caption')} columns={columns} rows={page.messages} rowKey={(m) => m.id} />
              )}
              <TablePages caption={t('admin.caption')} busy={list.isPlaceholderData} {...pages.controls(page.next_cursor)} />
            </>
          )}
        </QueryState>
      </section>
    </section>
  );
}
