import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, USER_SEARCH_MAX, USER_STATES, type AdminUserRow, type Role, type UserState } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { useErrorMessage } from '../../../components/errors';
import { useFormat } from '../../../components/format';
import { useKeysetPages } from '../../../components/keyset-pages';
import { AdminPageHeader } from '../AdminPageHeader';
import { QueryState } from '../../../components/QueryState';
import { useStationName } from '../../../lib/stations/stations';
import { useReactivateUser, useUsersPage, type UsersFilter } from './api';
import { UserDetailsPanel } from './UserDetailsPanel';
import { SharedNicPairs } from './SharedNicPairs';
import '../admin.css';
import { SearchField } from '../../../components/SearchField';

/**
 * The users table: active or deactivated accounts, search by username, name or identity number prefix (its results in
 * the order of the text matched), role filter, keyset pages, the total up to a cap; View opens an active user's details panel, Reactivate gives a deactivated account back its sign-in.
 */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'common', 'slots']);
  const stationName = useStationName();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState<UsersFilter>({ search: '', role: '', state: 'active' });
  const [filter, setFilter] = useState(draft);
  const pages = useKeysetPages(JSON.stringify(filter));
  const users = useUsersPage(filter, pages.cursor);
  const reactivate = useReactivateUser();
  const [selected, setSelected] = useState<AdminUserRow | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft, search: draft.search.trim() });
    setSelected(null);
    pages.restart();
  };
  const displayName = (u: AdminUserRow) => u.name ?? u.username;
  const reactivateUser = async (u: AdminUserRow) => {
    const label = `${displayName(u)} (${u.username})`;
    setNotice(null);
    try {
      await reactivate.mutateAsync(u.id);
      setNotice({ kind: 'success', text: t('reactivate.done', { name: label }) });
    } catch (err) {
      setNotice({ kind: 'error', text: `${t('reactivate.failed', { name: label })}: ${errorMessage(err)}` });
    }
  };

  const columns: Column<AdminUserRow>[] = [
    { id: 'id', header: t('users.id'), cell: (u) => u.id, numeric: true },
    { id: 'username', header: t('users.username'), cell: (u) => u.username },
    { id: 'name', header: t('users.name'), cell: (u) => u.name ?? '—' },
    { id: 'role', header: t('users.role'), cell: (u) => t(`roles.${u.role}`) },
    { id: 'branch', header: t('users.branch'), cell: (u) => (u.branch ? t(`slots:branches.${u.branch}`) : '—') },
    { id: 'station', header: t('users.station'), cell: (u) => (u.station ? stationName(u.station) : '—') },
    ...(filter.state === 'deactivated'
      ? [{ id: 'deactivated', header: t('users.deactivatedAt'), cell: (u: AdminUserRow) => (u.deactivated_at ? format.dateTime(u.deactivated_at) : '—') }]
      : []),
    {
      id: 'action',
      header: filter.state === 'active' ? t('users.view') : t('reactivate.button'),
      cell: (u) =>
        u.deactivated_at ? (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('reactivate.user', { name: displayName(u) })}
            disabled={reactivate.isPending}
            onClick={() => void reactivateUser(u)}
          >
            {t('reactivate.button')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('users.viewUser', { name: displayName(u) })}
            onClick={() => setSelected(u)}
          >
            {t('users.view')}
          </button>
        ),
    },
  ];

  const noticeRef = useFocusOutcome(notice, { block: 'start' });

  return (
    <section className="page admin-area">
      <AdminPageHeader title={t('common:pageTitles.adminUsers')} intro={t('users.intro')} />
      {/* The deleted user's panel (and the button pressed) is gone: the notice takes the focus, not the page body. */}
      <div ref={noticeRef} tabIndex={-1} className="admin-area__outcome">
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      </div>
      <SharedNicPairs />
      <form className="card admin-area__filter" onSubmit={apply} role="search">
        <SearchField
          id="user-search"
          label={t('users.search')}
          maxLength={USER_SEARCH_MAX}
          value={draft.search}
          onChange={(search) => setDraft({ ...draft, search })}
        />
        <div className="field">
          <label htmlFor="user-state">{t('users.state')}</label>
          <select id="user-state" value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value as UserState })}>
            {USER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`users.states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="user-role">{t('users.role')}</label>
          <select id="user-role" value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as Role | '' })}>
            <option value="">{t('users.allRoles')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('users.apply')}
        </button>
      </form>
      <div className="admin-area__grid">
        <section className="card">
          <QueryState query={users} error={t('users.loadFailed')}>
            {(page) => (
              <>
                <p className="admin-area__muted" data-testid="users-total">
                  {/* Counted up to a cap, as the fines pages are: "more than 500" beyond it. */}
                  {t(
                    filter.state === 'active'
                      ? page.total_exact
                        ? 'users.totalActive'
                        : 'users.totalActiveOver'
                      : page.total_exact
                        ? 'users.totalDeactivated'
                        : 'users.totalDeactivatedOver',
                    { count: page.total },
                  )}
                </p>
                {filter.search && page.users.length > 0 ? <p className="admin-area__muted">{t('users.searchOrder')}</p> : null}
                {page.users.length === 0 ? (
                  <p className="admin-area__muted">{t('users.none')}</p>
                ) : (
                  <DataTable
                    caption={t('users.caption')}
                    className="admin-area__users"
                    columns={columns}
                    rows={page.users}
                    rowKey={(u) => u.id}
                    rowClassName={(u) => (u.id === selected?.id ? 'admin-area__row--selected' : undefined)}
                  />
                )}
                <TablePages caption={t('users.caption')} busy={users.isPlaceholderData} {...pages.controls(page.next_cursor)} />
              </>
            )}
          </QueryState>
        </section>
        {selected ? (
          <UserDetailsPanel
            key={selected.id}
            user={selected}
            onClose={() => setSelected(null)}
            onDeleted={(name) => {
              setSelected(null);
              setNotice({ kind: 'success', text: t('delete.done', { name }) });
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
