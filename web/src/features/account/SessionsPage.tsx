import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { DataTable, type Column } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { useErrorMessage } from '../../components/errors';
import { useFormat } from '../../components/format';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { AccountNav } from './AccountNav';
import { useEndOtherSessions, useEndSession, useSessions } from './api';
import { sessionsInOrder } from './downloads';

/** What is being confirmed: one session, or all but this one. */
type Ending = { kind: 'one'; session: AccountSession } | { kind: 'others' };
type Outcome = { kind: 'success' | 'error'; text: string; at: number };

/**
 * "Signed-in devices": every live session of the signed-in account (any role), the browser and network each signed in
 * from, and a way to end any other one (or all of them) after a confirmation. This device is ended by Logout.
 */
export function SessionsPage() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState<Ending | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The confirmation closes as the request goes: its outcome takes the focus, which would otherwise drop to the body.
  const outcomeRef = useFocusOutcome(outcome?.at ?? null);

  const deviceName = (s: AccountSession) => s.device ?? t('sessions.unknownDevice');

  const confirm = async () => {
    const ending = confirming;
    setConfirming(null);
    if (!ending) return;
    try {
      if (ending.kind === 'one') {
        await endOne.mutateAsync(ending.session.id);
        setOutcome({ kind: 'success', text: t('sessions.endedOne', { device: deviceName(ending.session) }), at: Date.now() });
      } else {
        const { ended } = await endOthers.mutateAsync();
        setOutcome({ kind: 'success', text: t('sessions.endedOthers', { count: ended }), at: Date.now() });
      }
    } catch (err) {
      setOutcome({ kind: 'error', text: `${t('sessions.endFailed')} ${errorMessage(err)}`, at: Date.now() });
    }
  };

  const columns: Column<AccountSession>[] = [
    {
      id: 'device',
      header: t('sessions.device'),
      cell: (s) => (
        <>
          {deviceName(s)}
          {s.current ? <span className="account-page__this-device"> {t('sessions.thisDevice')}</span> : null}
        </>
      ),
    },
    { id: 'network', header: t('sessions.network'), cell: (s) => s.address_class ?? t('sessions.unknownNetwork') },
    { id: 'signedIn', header: t('sessions.signedIn'), cell: (s) => format.dateTime(s.signed_in_at) },
    { id: 'lastUsed', header: t('sessions.lastUsed'), cell: (s) => format.dateTime(s.last_used_at) },
    {
      id: 'action',
      header: t('sessions.action'),
      cell: (s) =>
        s.current ? (
          <span className="account-page__muted">{t('sessions.useLogout')}</span>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('sessions.endLabel', { device: deviceName(s), lastUsed: format.dateTime(s.last_used_at) })}
            disabled={endOne.isPending}
            onClick={() => setConfirming({ kind: 'one', session: s })}
          >
            {t('sessions.end')}
          </button>
        ),
    },
  ];

  return (
    <section className="page account-page">
      <PageTitle>{t('sessions.title')}</PageTitle>
      <AccountNav />
      <p>{t('sessions.intro')}</p>
      <div ref={outcomeRef} tabIndex={-1} className="account-page__outcome">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
      <QueryState query={sessions} error={(err) => `${t('sessions.loadFailed')} ${errorMessage(err)}`}>
        {({ sessions: list }) => (
          <>
            <DataTable caption={t('sessions.caption')} columns={columns} rows={sessionsInOrder(list)} rowKey={(s) => s.id} />
            {list.some((s) => !s.current) ? (
              <div className="row account-page__actions">
                <button type="button" className="button button--danger" disabled={endOthers.isPending} onClick={() => setConfirming({ kind: 'others' })}>
                  {t('sessions.endOthers')}
                </button>
              </div>
            ) : (
              <p className="account-page__muted">{t('sessions.onlyThis')}</p>
            )}
          </>
        )}
      </QueryState>
      <Modal
        open={confirming !== null}
        title={confirming?.kind === 'others' ? t('sessions.confirmOthersTitle') : t('sessions.confirmOneTitle')}
        onClose={() => setConfirming(null)}
      >
        <p>
          {confirming?.kind === 'one'
            ? t('sessions.confirmOne', { device: deviceName(confirming.session), network: confirming.session.address_class ?? t('sessions.unknownNetwork') })
            : t('sessions.confirmOthers')}
        </p>
        <div className="row">
          <button type="button" className="button button--danger" onClick={() => void confirm()}>
            {confirming?.kind === 'others' ? t('sessions.confirmOthersButton') : t('sessions.confirmOneButton')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
            {t('sessions.cancel')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
