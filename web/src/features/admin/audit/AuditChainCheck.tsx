import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditVerification } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useFormat } from '../../../components/format';
import { QueryState } from '../../../components/QueryState';
import { useAuditVerification, useRequestAuditFullWalk } from '../users/api';

/**
 * The tamper check: where the server's verification of the hash chain stands. Its jobs check the entries appended
 * since the last verified one every minute and walk the whole chain nightly; this page reads what they stored (the
 * last verified entry, the full walk's progress and result, any break) and can ask for a full walk now.
 */
export function AuditChainCheck() {
  const { t } = useTranslation(['admin', 'slots']);
  const format = useFormat();
  const verification = useAuditVerification();
  const request = useRequestAuditFullWalk();

  const describe = (e: AuditEntry) => ({
    id: e.id,
    at: format.dateTime(e.at),
    actor: [e.actor_username, e.actor_role ? t(`roles.${e.actor_role}`) : null, e.actor_branch ? t(`slots:branches.${e.actor_branch}`) : null]
      .filter(Boolean)
      .join(' · '),
    action: t(`audit.actions.${e.action}`),
  });

  const outcome = (r: AuditVerification) => {
    const checked = { count: r.checked, n: format.number(r.checked) };
    const checkedAt = r.verified_at ? <p>{t('audit.chain.verifiedAt', { at: format.dateTime(r.verified_at) })}</p> : null;
    if (r.ok && !r.head) return <Alert kind="info">{t('audit.chain.notYet')}</Alert>;
    if (r.ok)
      return (
        <Alert kind="success">
          <p>{t('audit.chain.intact', checked)}</p>
          {checkedAt}
          <p>
            {t('audit.chain.head', { position: format.number(r.head!.position) })} <code className="admin-area__hash">{r.head!.hash}</code>
          </p>
        </Alert>
      );
    const found = r.break;
    const where = !found
      ? t('audit.chain.broken', { id: r.first_bad_id })
      : found.kind === 'unchained'
        ? t('audit.chain.unchained', { id: r.first_bad_id })
        : found.kind === 'checkpoint'
          ? r.first_bad_id === null
            ? t('audit.chain.removedAtEnd', { position: format.number(found.position ?? 0) })
            : t('audit.chain.rewritten', { position: format.number(found.position ?? 0), id: r.first_bad_id })
          : t('audit.chain.broken', { id: r.first_bad_id });
    return (
      <Alert kind="error">
        <p>{where}</p>
        {r.first_bad_entry ? <p>{t('audit.chain.brokenEntry', describe(r.first_bad_entry))}</p> : null}
        {found ? <p>{t(`audit.chain.foundBy.${found.found_by}`, { at: format.dateTime(found.found_at) })}</p> : null}
        <p>{t('audit.chain.halted', checked)}</p>
      </Alert>
    );
  };

  const fullWalk = (r: AuditVerification) => {
    const walk = r.full_walk;
    const busy = walk.state === 'queued' || walk.state === 'running' || request.isPending;
    let text: string;
    if (walk.state === 'never') text = t('audit.chain.walk.never');
    else if (walk.state === 'queued') text = t('audit.chain.walk.queued', { at: format.dateTime(walk.requested_at!) });
    else if (walk.state === 'running')
      text = t('audit.chain.walk.running', {
        at: format.dateTime(walk.started_at!),
        checked: format.number(walk.checked),
        total: format.number(walk.total_estimate),
      });
    else if (walk.ok) text = t('audit.chain.walk.intact', { at: format.dateTime(walk.finished_at!), count: walk.checked, n: format.number(walk.checked) });
    else if (walk.first_bad_id === null) text = t('audit.chain.walk.unfinished', { at: format.dateTime(walk.finished_at!) });
    else text = t('audit.chain.walk.broken', { at: format.dateTime(walk.finished_at!), id: walk.first_bad_id });
    return (
      <div className="admin-area__walk">
        <h3>{t('audit.chain.walk.title')}</h3>
        <p>{text}</p>
        {walk.state === 'running' ? (
          <progress max={Math.max(walk.total_estimate, walk.checked, 1)} value={walk.checked} aria-label={t('audit.chain.walk.progress')} />
        ) : null}
        <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => request.mutate()}>
          {request.isPending ? t('audit.chain.walk.starting') : busy ? t('audit.chain.walk.inProgress') : t('audit.chain.walk.start')}
        </button>
        {request.isError ? <Alert kind="error">{t('audit.chain.walk.failed')}</Alert> : null}
      </div>
    );
  };

  return (
    <section className="card admin-area__chain" aria-labelledby="audit-chain-title">
      <h2 id="audit-chain-title">{t('audit.chain.title')}</h2>
      <p className="admin-area__muted">{t('audit.chain.intro')}</p>
      <QueryState query={verification} error={t('audit.chain.failed')}>
        {(r) => (
          <>
            {outcome(r)}
            {fullWalk(r)}
          </>
        )}
      </QueryState>
    </section>
  );
}
