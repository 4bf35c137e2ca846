import { useTranslation } from 'react-i18next';
import { normaliseNic, type ClearanceDetail } from '@pes/contracts';
import { StatusIcon } from '../../../components/StatusIcon';

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLocaleLowerCase() === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Whether the application says what the account that made it says: its NIC, and the name on the NIC. */
export function accountMatches(a: Pick<ClearanceDetail, 'account' | 'nic_number' | 'full_name_nic'>) {
  return {
    identity: a.account.identity_type === 'NIC' && normaliseNic(a.account.identity_number) === normaliseNic(a.nic_number),
    name: sameName(a.account.full_name, a.full_name_nic),
  };
}

/**
 * Which account applied (username, identity number and name, as the account holds them) beside what the
 * application says, each pair marked same or different in words and with an icon, so a mismatch shows at
 * a glance.
 */
export function AccountSection({ application: a }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
  const matches = accountMatches(a);
  const rows = [
    {
      id: 'identity',
      label: t('officer.account.identity'),
      account: `${a.account.identity_type} ${a.account.identity_number}`,
      application: a.nic_number,
      same: matches.identity,
    },
    { id: 'name', label: t('officer.account.name'), account: a.account.full_name, application: a.full_name_nic, same: matches.name },
  ];
  return (
    <section className="clearance-application__section" aria-labelledby="clearance-account">
      <h3 id="clearance-account">{t('officer.sections.account')}</h3>
      <p>
        {t('officer.account.username')}: <strong data-testid="clearance-account-username">{a.account.username}</strong>
      </p>
      <table className="clearance-compare">
        <caption className="visually-hidden">{t('officer.account.caption')}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('officer.account.accountColumn')}</th>
            <th scope="col">{t('officer.account.applicationColumn')}</th>
            <th scope="col">{t('officer.account.matchColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={`clearance-account-${r.id}`} className={r.same ? undefined : 'clearance-compare__differs'}>
              <th scope="row">{r.label}</th>
              <td>{r.account}</td>
              <td>{r.application}</td>
              <td>
                <span className="clearance-compare__match">
                  <StatusIcon kind={r.same ? 'success' : 'warning'} />
                  {r.same ? t('officer.account.same') : t('officer.account.differs')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
