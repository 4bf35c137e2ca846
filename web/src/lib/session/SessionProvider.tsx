import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginArea, LoginSession } from '@pes/contracts';
import { clearAllDrafts, clearOtherAccountsDrafts } from '../drafts/drafts';
import { SessionContext, type SessionState } from './session-context';
import { sessionStore } from './session-storage';

/**
 * The session's calls, loaded when first made (a stored token on load, a sign-in): their endpoint descriptions carry
 * zod schemas, which a signed-out visitor's first page does not need.
 */
const sessionCalls = () => import('./session-api').then((m) => m.sessionApi);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => (sessionStore.validToken() ? { status: 'checking' } : { status: 'anonymous' }));

  // Written with callbacks, not await: the load effect below then sets state only when the answer comes.
  const loadCurrentUser = useCallback(
    () =>
      sessionCalls()
        .then((api) => api.currentUser())
        .then(
          ({ user }) => {
            sessionStore.saveRole(user.role, user.branch);
            setState({ status: 'authenticated', user });
          },
          () => {
            sessionStore.clear();
            setState({ status: 'anonymous' });
          },
        ),
    [],
  );

  const refresh = useCallback(async () => {
    if (sessionStore.validToken()) return loadCurrentUser();
    sessionStore.clear();
    setState({ status: 'anonymous' });
  }, [loadCurrentUser]);

  // A stored token is checked once on load; without one the state starts as anonymous already.
  useEffect(() => {
    if (sessionStore.validToken()) void loadCurrentUser();
  }, [loadCurrentUser]);

  /** Starts using a session the server answered (a citizen's sign-in, or staff's after the second factor). */
  const startSession = useCallback(async (session: LoginSession) => {
    const sessionApi = await sessionCalls();
    sessionStore.saveToken(session.token);
    sessionStore.saveRole(session.role, session.branch);
    const { user } = await sessionApi.currentUser();
    // Drafts left by another account whose session ended in this tab are not for this one.
    clearOtherAccountsDrafts(user.id);
    setState({ status: 'authenticated', user });
    return user;
  }, []);

  const signIn = useCallback(
    async (area: LoginArea, username: string, password: string) => {
      const sessionApi = await sessionCalls();
      const result = await sessionApi.login(area, username, password);
      // Officers and administrators answer their second factor next (features/auth/Mfa*.tsx).
      if ('mfa' in result) return result;
      return startSession(result);
    },
    [startSession],
  );

  const signOut = useCallback(async () => {
    // This browser forgets the session first: a reload or another page opened right after Logout (on a slow line,
    // before the server answered) must find nobody signed in. The server is told in the same step, with the token kept
    // here, before the page changes: a keepalive request, so a tab closed straight after Logout still ends the session.
    const token = sessionStore.token();
    sessionStore.clear();
    const serverTold = sessionCalls().then((api) => api.logout(token));
    // Nothing typed or cached for this user may be shown to the next one.
    clearAllDrafts();
    void import('../query').then(({ queryClient }) => queryClient.clear());
    setState({ status: 'anonymous' });
    try {
      await serverTold;
    } catch {
      // The token is gone from this browser either way; the server's session ends at its expiry.
    }
  }, []);

  const value = useMemo(
    () => ({ state, user: state.status === 'authenticated' ? state.user : null, signIn, startSession, signOut, refresh }),
    [state, signIn, startSession, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
