import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow, Complaint } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { DataTable, TablePages, type Column } from '../../../components/DataTable';
import { useErrorMessage } from '../../../components/errors';
import { useFormat } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { StoredFile } from '../../../components/stored-file/StoredFile';
import { QueryState } from '../../../components/QueryState';
import { useKeysetPages } from '../../../components/keyset-pages';
import { useStationName } from '../../../lib/stations/stations';
import { useAssignedComplaints, useCitizenComplaints, useDeleteUser, useUserDetails } from './api';
import { ComplaintModal } from './ComplaintModal';
import { ResetMfaButton } from './ResetMfaButton';

function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="admin-area__fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A user's profile, their complaints (a citizen's current and past; an officer's assigned), and Delete User. */
export function UserDetailsPanel({ user, onClose, onDeleted }: { user: AdminUserRow; onClose: () => void; onDeleted: (name: string) => void }) {
  const { t } = useTranslation(['admin', 'slots']);
  const format = useFormat();
  const stationName = useStationName();
  const errorMessage = useErrorMessage();
  const details = useUserDetails(user.id);
  const citizenComplaints = useCitizenComplaints(user.id, user.role === 'citizen');
  // An officer's assigned complaints come a page at a time (another user's start again at their first page).
  const assignedPages = useKeysetPages(String(user.id));
  const assigned = useAssignedComplaints(user.id, user.role === 'police_officer', assignedPages.cursor);
  const del = useDeleteUser();
  const [openComplaint, setOpenComplaint] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = user.name ?? user.username;
  const label = `${name} (${user.username})`;

  // The confirm dialog closes as the request goes: a failure takes the focus it would otherwise drop to the body.
  const failureRef = useFocusOutcome(failure);
  // View opens the panel under the table (on a phone thousands of pixels down): it comes into view with the focus.
  const headingRef = useFocusOutcome<HTMLHeadingElement>(user.id, { block: 'start' });

  const remove = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      await del.mutateAsync(user.id);
      onDeleted(label);
    } catch (err) {
      setFailure(`${t('delete.failed')}: ${errorMessage(err)}`);
    }
  };

  const complaintColumns: Column<Complaint>[] = [
    {
      id: 'reference',
      header: t('details.reference'),
      cell: (c) => (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('details.openComplaint', { reference: c.reference_number })}
          onClick={() => setOpenComplaint(c.id)}
        >
          {c.reference_number}
        </button>
      ),
    },
    { id: 'type', header: t('details.type'), cell: (c) => t(`slots:branches.${c.branch}`) },
    { id: 'status', header: t('details.status'), cell: (c) => c.status },
    { id: 'submitted', header: t('details.submitted'), cell: (c) => format.dateTime(c.submitted_at) },
  ];
  const complaintList = (title: string, rows: Complaint[], paging?: { count: ReactNode; pages: ReactNode }) => (
    <section>
      <h3>{title}</h3>
      {paging?.count}
      {rows.length === 0 ? (
        <p className="admin-area__muted">{t('details.noComplaints')}</p>
      ) : (
        <DataTable caption={title} captionHidden columns={complaintColumns} rows={rows} rowKey={(c) => c.id} stacked={false} />
      )}
      {paging?.pages}
    </section>
  );

  return (
    <section className="card admin-area__details" aria-labelledby="user-details-title">
      <div className="admin-area__details-header">
        <h2 id="user-details-title" ref={headingRef} tabIndex={-1}>
          {t('details.title', { name })}
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('details.close')}
        </button>
      </div>
      <div ref={failureRef} tabIndex={-1} className="admin-area__outcome">
        {failure ? <Alert kind="error">{failure}</Alert> : null}
      </div>
      <QueryState query={details} error={t('details.loadFailed')}>
        {(d) => (
          <>
            <h3>{t('details.profile')}</h3>
            <Fields
              rows={[
                [t('details.username'), d.username],
                [t('details.role'), t(`roles.${d.role}`)],
                [t('details.station'), d.station ? stationName(d.station) : null],
              ]}
            />
            {d.citizen ? (
              <>
                <Fields
                  rows={[
                    [t('details.firstName'), d.citizen.first_name],
                    [t('details.secondName'), d.citizen.second_name],
                    [t('details.dateOfBirth'), format.calendarDate(d.citizen.date_of_birth)],
                    [t('details.email'), d.citizen.email],
                    [t('details.mobile'), d.citizen.mobile_number],
                    [t('details.identityType'), d.citizen.identity_type],
                    [t('details.identityNumber'), d.citizen.identity_number],
                    [t('details.address'), d.citizen.address],
                    [t('details.maritalStatus'), d.citizen.marital_status],
                  ]}
                />
                <h3>{t('details.photos')}</h3>
                <div className="admin-area__photos">
                  {(
                    [
                      ['identityFront', d.citizen.identity_photo_front],
                      ['identityBack', d.citizen.identity_photo_back],
                      ['livePhoto', d.citizen.live_photo],
                    ] as const
                  ).map(([key, photo]) =>
                    photo ? (
                      <figure key={key}>
                        <StoredFile url={photo.url} label={t(`details.${key}`)} />
                        <figcaption>{t(`details.${key}`)}</figcaption>
                      </figure>
                    ) : null,
                  )}
                </div>
                <QueryState query={citizenComplaints} error={t('details.loadFailed')}>
                  {(c) => (
                    <>
                      {complaintList(t('details.currentComplaints'), c.current)}
                      {complaintList(t('details.pastComplaints'), c.past)}
                    </>
                  )}
                </QueryState>
              </>
            ) : null}
            {d.officer ? (
              <>
                <Fields
                  rows={[
                    [t('details.fullName'), d.officer.full_name],
                    [t('details.officerId'), d.officer.officer_id],
                    [t('details.badge'), d.officer.badge_number],
                    [t('details.rank'), d.officer.rank],
                    [t('details.branch'), t(`slots:branches.${d.officer.branch}`)],
                  ]}
                />
                <QueryState query={assigned} error={t('details.loadFailed')}>
                  {(a) =>
                    complaintList(t('details.assignedComplaints'), a.complaints, {
                      count:
                        a.total > 0 ? (
                          <p className="admin-area__muted" role="status">
                            {t(a.total_exact ? 'details.assignedTotal' : 'details.assignedTotalOver', { count: a.total, shown: format.number(a.total) })}
                          </p>
                        ) : null,
                      pages: (
                        <TablePages
                          caption={t('details.assignedComplaints')}
                          pages={a.total_exact ? Math.max(1, Math.ceil(a.total / Math.max(1, a.page_size))) : undefined}
                          busy={assigned.isPlaceholderData}
                          {...assignedPages.controls(a.next_cursor)}
                        />
                      ),
                    })
                  }
                </QueryState>
              </>
            ) : null}
            {d.role !== 'citizen' ? <ResetMfaButton userId={user.id} label={label} /> : null}
            <div className="admin-area__danger">
              <button type="button" className="button button--danger" disabled={del.isPending} onClick={() => setConfirming(true)}>
                {t('delete.button')}
              </button>
            </div>
          </>
        )}
      </QueryState>
      <Modal open={confirming} title={t('delete.title')} onClose={() => setConfirming(false)}>
        <p>{t('delete.confirm', { name: label })}</p>
        <div className="row">
          <button type="button" className="button button--danger" onClick={() => void remove()}>
            {t('delete.confirmButton', { name: user.username })}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            {t('delete.cancel')}
          </button>
        </div>
      </Modal>
      {openComplaint !== null ? <ComplaintModal id={openComplaint} onClose={() => setOpenComplaint(null)} /> : null}
    </section>
  );
}
