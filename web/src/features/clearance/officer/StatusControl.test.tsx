// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClearanceDetail } from '@pes/contracts';
import { StatusControl } from './StatusControl';
import { officerWrapper } from './test-i18n';

const APPLICATION: ClearanceDetail = {
  id: 7,
  account: { username: 'sunil', identity_type: 'NIC', identity_number: '198518400123', full_name: 'Sunil Fernando' },
  reference_number: 'PCC-2026-000007',
  application_status: 'pending',
  rejection_reason: null,
  application_type: 'new',
  nationality: 'sri_lankan',
  nationality_other: null,
  date_of_birth: '1985-07-02',
  left_before_sixteen: false,
  nic_number: '198518400123',
  new_nic_number: null,
  passport_number: null,
  country: 'Canada',
  station: 'Kollupitiya Police Station',
  full_name_nic: 'Sunil Fernando',
  sex: 'male',
  title: 'Mr',
  full_name_passport: null,
  name_to_print: 'Sunil Fernando',
  passport_issue_date: null,
  address_sri_lanka: '45 Kandy Road, Kadawatha',
  address_overseas: null,
  occupation: 'Accountant',
  purpose: 'Visa',
  previously_applied: false,
  residence_history: [],
  delivery_address1: '45 Kandy Road',
  delivery_address2: null,
  delivery_city: 'Kadawatha',
  delivery_postal_code: '11850',
  delivery_state: 'Western',
  delivery_country: 'Sri Lanka',
  mobile_number: '+94712345678',
  email: 'sunil@example.lk',
  spouse: null,
  uploads: {},
  created_at: '2026-11-01T04:00:00.000Z',
  paid_at: '2026-11-01T04:05:00.000Z',
  amount: '5000.00',
  period_from: null,
  period_to: null,
  certificate_url: null,
  certificate: null,
  history: [],
};

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderControl() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  render(<StatusControl application={APPLICATION} />, { wrapper: officerWrapper() });
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatusControl', () => {
  it('refuses a rejection without a reason: the summary and the field say why, nothing is sent', async () => {
    const fetchMock = renderControl();
    fireEvent.change(screen.getByLabelText(/New status/), { target: { value: 'rejected' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Reason for rejection: Give the reason for rejecting the application.');
    expect(document.getElementById('clearance-reason-error')?.textContent).toBe('Give the reason for rejecting the application.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a rejection with its reason, and says Status updated', async () => {
    const fetchMock = renderControl();
    fetchMock.mockResolvedValue(answer(200, { ...APPLICATION, application_status: 'rejected', rejection_reason: 'Documents unreadable' }));
    fireEvent.change(screen.getByLabelText(/New status/), { target: { value: 'rejected' } });
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), { target: { value: '  Documents unreadable ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Status updated')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/clearance/applications/7/status');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'rejected', reason: 'Documents unreadable' });
  });

  it('sends no reason with another status, and says so when the update fails', async () => {
    const fetchMock = renderControl();
    fetchMock.mockResolvedValue(answer(500, { error: { code: 'server.unexpected', message: 'boom' } }));
    fireEvent.change(screen.getByLabelText(/New status/), { target: { value: 'in_progress' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(screen.getByText('Failed to update application status')).toBeTruthy());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: 'in_progress' });
    expect(screen.queryByText('Status updated')).toBeNull();
  });
});
