// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, complaintsEndpoints, slotsEndpoints } from '@pes/contracts';
import { call, navigation } from './client';

function answer401() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code: 'auth.unauthorized', message: 'x' } }), { status: 401 })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a 401 (the session ended)', () => {
  it('clears the session and sends the browser to the area sign-in page', async () => {
    answer401();
    const toSignIn = vi.spyOn(navigation, 'toSignIn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/track-complaint');
    sessionStorage.setItem('app_role', 'citizen');
    await expect(call(complaintsEndpoints.mine)).rejects.toMatchObject({ status: 401 });
    expect(toSignIn).toHaveBeenCalledWith('/track-complaint');
    expect(sessionStorage.getItem('app_role')).toBeNull();
  });

  it('on the sign-in page itself, signs out in place instead of loading the page again', async () => {
    answer401();
    const toSignIn = vi.spyOn(navigation, 'toSignIn').mockImplementation(() => {});
    for (const page of ['/login', '/police/login', '/admin']) {
      window.history.replaceState(null, '', page);
      sessionStorage.setItem('app_role', 'citizen');
      await expect(call(authEndpoints.currentUser)).rejects.toMatchObject({ status: 401 });
      expect(sessionStorage.getItem('app_role')).toBeNull();
    }
    expect(toSignIn).not.toHaveBeenCalled();
  });
});

describe('a call described in contracts', () => {
  function answer(status: number, body: unknown) {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it("fills the path parameters, sends the JSON body with the endpoint's method and the credentials", async () => {
    const fetchMock = answer(200, { id: 7 });
    sessionStorage.setItem('app_role', 'admin');
    await call(slotsEndpoints.assignOfficer, { params: { id: 7 }, body: { officerId: 3 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/slots/7/assign-officer');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"officerId":3}');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('x-user-role')).toBe('admin');
  });

  it('encodes parameters and leaves empty query values out', async () => {
    const fetchMock = answer(200, []);
    await call(slotsEndpoints.adminList, { query: { date: '2026-11-27', station: '' } });
    await call(slotsEndpoints.removeOfficer, { params: { id: 1, officerRowId: 'a/b' } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/admin/slots?date=2026-11-27', '/api/admin/slots/1/remove-officer/a%2Fb']);
  });

  it('sends a multipart form as it is, and a GET without a body', async () => {
    const fetchMock = answer(201, { success: true });
    const form = new FormData();
    form.append('full_name', 'A');
    await call(complaintsEndpoints.submit.minor_offense, { form });
    await call(complaintsEndpoints.mine);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/complaints/minor-offense');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(form);
    expect(fetchMock.mock.calls[1]![1]?.body).toBeUndefined();
  });

  it("turns an error answer into an ApiError with the server's code", async () => {
    answer(404, { error: { code: 'slots.not_found', message: 'x' } });
    await expect(call(slotsEndpoints.remove, { params: { id: 9 } })).rejects.toMatchObject({ status: 404, code: 'slots.not_found' });
  });
});

describe('what a call sends is typed by its endpoint', () => {
  it('refuses a call without its path parameters or with a body of the wrong shape (checked by tsc)', () => {
    const unsent = [
      // @ts-expect-error: the slot's id is a path parameter it needs
      () => call(slotsEndpoints.remove),
      // @ts-expect-error: assignOfficer's body names the officer as officerId
      () => call(slotsEndpoints.assignOfficer, { params: { id: 1 }, body: { officer: 3 } }),
      // @ts-expect-error: a multipart endpoint takes a form, not a JSON body
      () => call(complaintsEndpoints.submit.crime, { body: {} }),
    ];
    expect(unsent).toHaveLength(3);
  });
});
