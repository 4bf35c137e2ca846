// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useContext } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from './session-context';
import { SessionProvider } from './SessionProvider';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

/** A token the browser counts as valid: three parts and an expiry an hour ahead. */
function storedToken() {
  const payload = btoa(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `header.${payload.replace(/=+$/, '')}.signature`;
}

function SignOutButton() {
  const session = useContext(SessionContext)!;
  return (
    <>
      <output data-testid="status">{session.state.status}</output>
      <button type="button" onClick={() => void session.signOut()}>
        Logout
      </button>
    </>
  );
}

describe('signing out', () => {
  it('forgets the session in this browser before the server answers, and tells the server with the old token (keepalive)', async () => {
    const token = storedToken();
    sessionStorage.setItem('token', token);
    sessionStorage.setItem('app_role', 'police_officer');
    const calls: { url: string; init?: RequestInit }[] = [];
    let answerLogout: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (url === '/api/auth/logout') return new Promise<Response>((resolve) => (answerLogout = resolve));
        // The check of the stored token on load: the officer is still signed in.
        return Promise.resolve(new Response(JSON.stringify({ user: { id: 7, username: 'o', role: 'police_officer' } }), { status: 200 }));
      }),
    );
    render(
      <SessionProvider>
        <SignOutButton />
      </SessionProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'Logout' }).click());

    // The server has not answered yet: a reload now would find nobody signed in.
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('app_role')).toBeNull();
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    // The API calls are a module loaded on first use: on a busy machine its first load takes seconds, not waitFor's 1.
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true), { timeout: 15_000 });
    const logout = calls.find((c) => c.url === '/api/auth/logout')!;
    expect(new Headers(logout.init?.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(logout.init?.keepalive).toBe(true);
    await act(async () => answerLogout(new Response(JSON.stringify({ success: true, message: 'Signed out' }), { status: 200 })));
  });
});
