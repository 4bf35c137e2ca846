// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplicationDetails } from './ApplicationDetails';
import { APPLICATION } from './test-application';
import { officerWrapper } from './test-i18n';

// The residence table measures its width (jsdom has no layout).
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);
afterEach(cleanup);

const rowOf = (section: HTMLElement, label: string) => within(section).getByText(label).closest('div')!;

describe('ApplicationDetails', () => {
  it('shows every described field by the name the application was given with, spouse included', () => {
    render(
      <ApplicationDetails
        application={{
          ...APPLICATION,
          slbfe_referred: true,
          spouse: { full_name: 'Nuwan Perera', nationality: 'Sri Lankan', passport_number: null, nic_number: '198811112222' },
          residence_history: [{ address: '12 Temple Road', policeArea: 'Kandy', fromDate: '2010-01-01', toDate: '2015-01-01' }],
        }}
      />,
      { wrapper: officerWrapper() },
    );
    const spouse = screen.getByRole('region', { name: 'Spouse' });
    expect(rowOf(spouse, "Spouse's full name").textContent).toContain('Nuwan Perera');
    expect(rowOf(spouse, "Spouse's passport number").textContent).toContain('—');
    // A field the description places in a section shows there, with no code of its own in the view.
    const delivery = screen.getByRole('region', { name: /Delivery/ });
    expect(rowOf(delivery, 'Referred by the Sri Lanka Bureau of Foreign Employment').textContent).toContain('Yes');
    expect(within(delivery).getByText('11850')).toBeTruthy();
    const basic = screen.getByRole('region', { name: /Basic/ });
    expect(rowOf(basic, 'Reference number').textContent).toContain('PCC-2026-000007');
    expect(within(screen.getByRole('region', { name: /Residence/ })).getByRole('cell', { name: 'Kandy' })).toBeTruthy();
  });

  it("names the countries in the reader's language, and an old free-text country as it was kept", async () => {
    render(<ApplicationDetails application={{ ...APPLICATION, country: 'Australia', delivery_country: 'Ceylon' }} />, { wrapper: officerWrapper('ta') });
    expect(await screen.findByText('ஆஸ்திரேலியா')).toBeTruthy();
    expect(screen.queryByText('Australia')).toBeNull();
    expect(screen.getByText('Ceylon')).toBeTruthy();
  });

  it('says so when there is no spouse', () => {
    render(<ApplicationDetails application={APPLICATION} />, { wrapper: officerWrapper() });
    expect(within(screen.getByRole('region', { name: 'Spouse' })).getByText(/no spouse/i)).toBeTruthy();
  });
});
