import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditEntry } from '@pes/contracts';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { useKeysetPages } from '../../../components/keyset-pages';
import { useFormat } from '../../../components/format';
import { AdminPageHeader } from '../AdminPageHeader';
import { QueryState } from '../../../components/QueryState';
import { useAuditPage, type AuditFilter } from '../users/api';
import { AuditChainCheck } from './AuditChainCheck';
import { auditSentence } from './audit-words';
import '../admin.css';

const EMPTY: AuditFilter = { actor: '', action: '', from: '', to: '' };

/** The audit log, newest first: filtered by actor, action and dates, in keyset pages. */
export function AuditPage() {
  const { t } = useTranslation(['admin', 'common', 'slots']);
  const format = useFormat();
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const pages = useKeysetPages(JSON.stringify(filter));
  const audit = useAuditPage(filter, pages.cursor);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft, actor: draft.actor.trim() });
    pages.restart();
  };

  const columns: Column<AuditEntry>[] = [
    { id: 'at', header: t('audit.at'), cell: (e) => format.dateTime(e.at) },
    {
      id: 'actor',
      header: t('audit.actor'),
      cell: (e) =>
        [
          e.details.actor_name && e.details.actor_name !== e.actor_username ? `${e.details.actor_name} (${e.actor_username})` : e.actor_username,
          e.actor_role ? t(`roles.${e.actor_role}`) : null,
          e.actor_branch ? t(`slots:branches.${e.actor_branch}`) : null,
        ]
          .filter(Boolean)
          .join(' · '),
    },
    { id: 'action', header: t('audit.action'), cell: (e) => t(`audit.actions.${e.action}`) },
    { id: 'what', header: t('audit.what'), cell: (e) => auditSentence(t, e) },
  ];

  return (
    <section className="page admin-area">
      <AdminPageHeader title={t('common:pageTitles.adminAudit')} intro={t('audit.intro')} />
      <AuditChainCheck />
      <form className="card admin-area__filter" onSubmit={apply}>
        <div className="field">
          <label htmlFor="audit-actor">{t('audit.actor')}</label>
          <input id="audit-actor" value={draft.actor} maxLength={100} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <select id="audit-action" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input id="audit-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input id="audit-to" type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit" className="button">
          {t('audit.apply')}
        </button>
      </form>
      <section className="card">
        <QueryState query={audit} error={t('audit.loadFailed')}>
          {(page) => (
            <>
              {page.entries.length === 0 ? (
                <p className="admin-area__muted">{t('audit.none')}</p>
              ) : (
                <DataTable caption={t('audit.caption')} columns={columns} rows={page.entries} rowKey={(e) => e.id} />
              )}
              <TablePages caption={t('audit.caption')} busy={audit.isPlaceholderData} {...pages.controls(page.next_cursor)} />
            </>
          )}
        </QueryState>
      </section>
    </section>
  );
}
