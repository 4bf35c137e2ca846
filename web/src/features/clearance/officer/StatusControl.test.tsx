// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusControl } from './StatusControl';
import { APPLICATION } from './test-application';
import { officerWrapper } from './test-i18n';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderControl() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  render(<StatusControl application={APPLICATION} />, { wrapper: officerWrapper() });
  return fetchMock;
}

// jsdom lays nothing out and has no scrollIntoView: the outcome's scroll (useFocusOutcome) is a no-op here.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

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
