import { authEndpoints, type LoginArea } from '@pes/contracts';
import { call } from '../api/client';

/** The calls that start, read and end a session (sign-up, which creates an account, belongs to auth). */
export const sessionApi = {
  login: (area: LoginArea, username: string, password: string) => call(authEndpoints.login, { body: { username, password, area }, expectUnauthorized: true }),
  currentUser: () => call(authEndpoints.currentUser),
  /** Ends the session of `token` on the server; sent with keepalive, so leaving the page at once does not cancel it. */
  logout: (token: string | null) =>
    call(authEndpoints.logout, { expectUnauthorized: true, keepalive: true, headers: token ? { authorization: `Bearer ${token}` } : {} }),
};
