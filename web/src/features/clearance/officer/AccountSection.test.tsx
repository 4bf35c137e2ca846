// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClearanceDetail } from '@pes/contracts';
import { AccountSection, accountMatches } from './AccountSection';
import { officerWrapper } from './test-i18n';

afterEach(cleanup);

const account = { username: 'sunil.f', identity_type: 'NIC' as const, identity_number: '851234567V', full_name: 'Sunil Fernando' };

describe('accountMatches', () => {
  it('compares the NIC as the server normalises it, and the name whatever its case and spacing', () => {
    expect(accountMatches({ account, nic_number: '851234567v', full_name_nic: '  sunil   FERNANDO ' })).toEqual({ identity: true, name: true });
    expect(accountMatches({ account, nic_number: '199012345678', full_name_nic: 'Kamal Perera' })).toEqual({ identity: false, name: false });
    // One number in its two forms (the old account's and an application kept in the 12-digit form).
    expect(accountMatches({ account, nic_number: '198512304567', full_name_nic: 'Sunil Fernando' })).toEqual({ identity: true, name: true });
    // A passport account has no NIC for the application to match.
    expect(
      accountMatches({
        account: { ...account, identity_type: 'Passport', identity_number: 'N1234567' },
        nic_number: 'N1234567',
        full_name_nic: 'Sunil Fernando',
      }).identity,
    ).toBe(false);
  });
});

describe('AccountSection', () => {
  it('shows which account applied beside what the application says, a difference in words', () => {
    const application = { account, nic_number: '851234567V', full_name_nic: 'Kamal Perera' } as ClearanceDetail;
    render(<AccountSection application={application} />, { wrapper: officerWrapper() });
    expect(screen.getByRole('heading', { name: 'Applicant account' })).toBeTruthy();
    expect(screen.getByTestId('clearance-account-username').textContent).toBe('sunil.f');
    const table = screen.getByRole('table', { name: 'The account that applied, beside what the application says' });
    const identity = within(table).getByRole('row', { name: /Identity number/ });
    expect(identity.textContent).toContain('NIC 851234567V');
    expect(identity.textContent).toContain('Same');
    const name = within(table).getByRole('row', { name: /Name/ });
    expect(name.textContent).toContain('Sunil Fernando');
    expect(name.textContent).toContain('Kamal Perera');
    expect(name.textContent).toContain('Differs');
  });
});
