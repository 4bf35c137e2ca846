import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityCollision, IdentityCollisionResolution } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { useErrorMessage } from '../../../components/errors';
import { useFormat } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { useOpenIdentityCollisions, useResolveIdentityCollision } from './api';

type Account = IdentityCollision['first'];
interface Pending {
  pair: IdentityCollision;
  resolution: IdentityCollisionResolution;
  /** The account the resolution deactivates (none when both are kept). */
  account?: Account;
}

/**
 * Accounts that share one NIC: its old and new forms were two accounts until NICs were kept in one form, and the
 * migration listed each such pair rather than merge people's records. The administrator compares the two (the
 * users list's View shows their identity photos) and deactivates the one that is not the NIC's holder's, or keeps
 * both. Shown only while a pair is open.
 */
export function SharedNicPairs() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const pairs = useOpenIdentityCollisions();
  const resolve = useResolveIdentityCollision();
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const collisions = pairs.data?.collisions ?? [];
  if (collisions.length === 0 && !notice) return null;

  const confirm = async () => {
    if (!pending) return;
    const { pair, resolution, account } = pending;
    setPending(null);
    try {
      await resolve.mutateAsync({ id: pair.id, resolution });
      setNotice({
        kind: 'success',
        text: account ? t('collisions.deactivated', { username: account.username }) : t('collisions.kept', { nic: pair.identity_number }),
      });
    } catch (err) {
      setNotice({ kind: 'error', text: `${t('collisions.failed', { nic: pair.identity_number })}: ${errorMessage(err)}` });
    }
  };

  const person = (a: Account) => (
    <>
      <strong>{a.username}</strong> · {a.full_name}
      <br />
      {t('collisions.born', { date: format.calendarDate(a.date_of_birth) })} · {t('collisions.signedUp', { date: format.date(a.created_at) })}
      {a.active ? null : <> · {t('collisions.inactive')}</>}
    </>
  );

  const columns: Column<IdentityCollision>[] = [
    { id: 'nic', header: t('collisions.nic'), cell: (pair) => pair.identity_number },
    { id: 'first', header: t('collisions.first'), cell: (pair) => person(pair.first) },
    { id: 'second', header: t('collisions.second'), cell: (pair) => person(pair.second) },
    {
      id: 'resolve',
      header: t('collisions.resolve'),
      cell: (pair) => (
        <div className="row">
          {(
            [
              ['deactivated_first', pair.first],
              ['deactivated_second', pair.second],
            ] as const
          ).map(([resolution, account]) =>
            account.active ? (
              <button
                key={resolution}
                type="button"
                className="button button--danger button--small"
                disabled={resolve.isPending}
                onClick={() => setPending({ pair, resolution, account })}
              >
                {t('collisions.deactivate', { username: account.username })}
              </button>
            ) : null,
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('collisions.keepBothOf', { nic: pair.identity_number })}
            disabled={resolve.isPending}
            onClick={() => setPending({ pair, resolution: 'reviewed' })}
          >
            {t('collisions.keepBoth')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card admin-area__collisions" aria-labelledby="shared-nic-title">
      <h2 id="shared-nic-title">{t('collisions.title')}</h2>
      <p>{t('collisions.intro')}</p>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {collisions.length > 0 ? (
        <DataTable caption={t('collisions.title')} captionHidden columns={columns} rows={collisions} rowKey={(pair) => pair.id} />
      ) : null}
      <Modal open={pending !== null} title={t('collisions.title')} onClose={() => setPending(null)}>
        <p>
          {pending?.account
            ? t('collisions.confirmDeactivate', { username: pending.account.username, nic: pending.pair.identity_number })
            : t('collisions.confirmKeep', { nic: pending?.pair.identity_number })}
        </p>
        <div className="row">
          <button type="button" className={pending?.account ? 'button button--danger' : 'button'} onClick={() => void confirm()}>
            {pending?.account ? t('collisions.deactivate', { username: pending.account.username }) : t('collisions.keepBoth')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setPending(null)}>
            {t('delete.cancel')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
