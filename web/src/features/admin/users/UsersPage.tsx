import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES, USER_SEARCH_MAX, type AdminUserRow, type Role } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { useKeysetPages } from '../../../components/keyset-pages';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { paths } from '../../../paths';
import { useStationName } from '../../../lib/stations/stations';
import { useUsersPage } from './api';
import { UserDetailsPanel } from './UserDetailsPanel';
import '../admin.css';

/** The users table: search by username or name prefix, role filter, keyset pages; View opens the details panel. */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'common', 'slots']);
  const stationName = useStationName();
  const [draft, setDraft] = useState({ search: '', role: '' as Role | '' });
  const [filter, setFilter] = useState(draft);
  const pages = useKeysetPages(JSON.stringify(filter));
  const users = useUsersPage(filter.search, filter.role, pages.cursor);
  const [selected, setSelected] = useState<AdminUserRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ search: draft.search.trim(), role: draft.role });
    pages.restart();
  };
  const displayName = (u: AdminUserRow) => u.name ?? u.username;

  const columns: Column<AdminUserRow>[] = [
    { id: 'id', header: t('users.id'), cell: (u) => u.id, numeric: true },
    { id: 'username', header: t('users.username'), cell: (u) => u.username },
    { id: 'name', header: t('users.name'), cell: (u) => u.name ?? '—' },
    { id: 'role', header: t('users.role'), cell: (u) => t(`roles.${u.role}`) },
    { id: 'branch', header: t('users.branch'), cell: (u) => (u.branch ? t(`slots:branches.${u.branch}`) : '—') },
    { id: 'station', header: t('users.station'), cell: (u) => (u.station ? stationName(u.station) : '—') },
    {
      id: 'view',
      header: t('users.view'),
      cell: (u) => (
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
      <PageTitle>{t('common:pageTitles.adminUsers')}</PageTitle>
      {/* One heading: PageTitle's (this page had a second h1 with the same words). */}
      <p>
        <Link to={paths.adminDashboard}>{t('backToDashboard')}</Link>
      </p>
      <p className="admin-area__muted">{t('users.intro')}</p>
      {/* The deleted user's panel (and the button pressed) is gone: the notice takes the focus, not the page body. */}
      <div ref={noticeRef} tabIndex={-1} className="admin-area__outcome">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
      </div>
      <form className="card admin-area__filter" onSubmit={apply} role="search">
        <div className="field">
          <label htmlFor="user-search">{t('users.search')}</label>
          <input
            id="user-search"
            type="search"
            maxLength={USER_SEARCH_MAX}
            value={draft.search}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
            autoComplete="off"
          />
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
                {page.users.length === 0 ? (
                  <p className="admin-area__muted">{t('users.none')}</p>
                ) : (
                  <DataTable
                    caption={t('users.caption')}
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
              setNotice(t('delete.done', { name }));
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
