import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditVerification } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useFormat } from '../../../components/format';
import { useVerifyAuditLog } from '../users/api';

/**
 * "Verify the log": the server walks the audit log's hash chain and answers whether every entry is as it was
 * written; intact, the count and the last entry (to keep elsewhere), else the first entry that breaks it.
 */
export function AuditChainCheck() {
  const { t } = useTranslation(['admin', 'slots']);
  const format = useFormat();
  const verify = useVerifyAuditLog();

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
    if (r.ok && !r.head) return <Alert kind="success">{t('audit.chain.empty')}</Alert>;
    if (r.ok)
      return (
        <Alert kind="success">
          <p>{t('audit.chain.intact', checked)}</p>
          <p>
            {t('audit.chain.head', { position: format.number(r.head!.position) })} <code className="admin-area__hash">{r.head!.hash}</code>
          </p>
        </Alert>
      );
    if (r.first_bad_id === null)
      return (
        <Alert kind="error">
          <p>{t('audit.chain.shortened')}</p>
        </Alert>
      );
    return (
      <Alert kind="error">
        <p>{t('audit.chain.broken', { id: r.first_bad_id })}</p>
        {r.first_bad_entry ? <p>{t('audit.chain.brokenEntry', describe(r.first_bad_entry))}</p> : null}
        <p>{t('audit.chain.checked', checked)}</p>
      </Alert>
    );
  };

  return (
    <section className="card admin-area__chain" aria-labelledby="audit-chain-title">
      <h2 id="audit-chain-title">{t('audit.chain.title')}</h2>
      <p className="admin-area__muted">{t('audit.chain.intro')}</p>
      <button type="button" className="button" disabled={verify.isPending} aria-busy={verify.isPending} onClick={() => verify.mutate()}>
        {verify.isPending ? t('audit.chain.checking') : t('audit.chain.verify')}
      </button>
      {verify.isSuccess ? outcome(verify.data) : null}
      {verify.isError ? <Alert kind="error">{t('audit.chain.failed')}</Alert> : null}
    </section>
  );
}
