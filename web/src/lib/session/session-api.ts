import type { CurrentUser, LoginArea, LoginResponse } from '@pes/contracts';
import { api } from '../api/client';

/** The calls that start, read and end a session (sign-up, which creates an account, belongs to auth). */
export const sessionApi = {
  login: (area: LoginArea, username: string, password: string) =>
    api<LoginResponse>('/auth/login', { method: 'POST', body: { username, password, area }, expectUnauthorized: true }),
  currentUser: () => api<{ user: CurrentUser }>('/auth/getCurrentUserInfo'),
  logout: () => api<{ success: true }>('/auth/logout', { method: 'POST', body: {}, expectUnauthorized: true }),
};
