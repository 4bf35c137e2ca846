import { createContext, useContext } from 'react';
import type { CurrentUser, LoginArea } from '@pes/contracts';

export type AuthState = { status: 'checking' } | { status: 'anonymous' } | { status: 'authenticated'; user: CurrentUser };

export interface AuthContextValue {
  state: AuthState;
  user: CurrentUser | null;
  /** Signs in on one area's page; the server refuses a role that does not belong there (403). */
  signIn(area: LoginArea, username: string, password: string): Promise<CurrentUser>;
  signOut(): Promise<void>;
  /** Reloads the current user (after the server may have changed it). */
  refresh(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth() {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
