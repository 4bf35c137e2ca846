// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, navigation } from './client';

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
    await expect(api('/complaints/my-complaints')).rejects.toMatchObject({ status: 401 });
    expect(toSignIn).toHaveBeenCalledWith('/track-complaint');
    expect(sessionStorage.getItem('app_role')).toBeNull();
  });

  it('on the sign-in page itself, signs out in place instead of loading the page again', async () => {
    answer401();
    const toSignIn = vi.spyOn(navigation, 'toSignIn').mockImplementation(() => {});
    for (const page of ['/login', '/police/login', '/admin']) {
      window.history.replaceState(null, '', page);
      sessionStorage.setItem('app_role', 'citizen');
      await expect(api('/auth/getCurrentUserInfo')).rejects.toMatchObject({ status: 401 });
      expect(sessionStorage.getItem('app_role')).toBeNull();
    }
    expect(toSignIn).not.toHaveBeenCalled();
  });
});
