import { createContext, useContext } from 'react';
import type { CurrentUser, LoginArea, LoginSession, MfaChallenge } from '@pes/contracts';

export type SessionState = { status: 'checking' } | { status: 'anonymous' } | { status: 'authenticated'; user: CurrentUser };

interface SessionContextValue {
  state: SessionState;
  user: CurrentUser | null;
  /** Signs in on one area's page; the server refuses a role that does not belong there (403). */
  signIn(area: LoginArea, username: string, password: string): Promise<CurrentUser | MfaChallenge>;
  /** Starts a session answered after the second factor. */
  startSession(session: LoginSession): Promise<CurrentUser>;
  signOut(): Promise<void>;
  /** Reloads the current user (after the server may have changed it). */
  refresh(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The signed-in user (if any) and the session's actions; every page, the layout included, reads it here. */
export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
