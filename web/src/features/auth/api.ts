import type { CurrentUser, LoginArea, LoginResponse } from '@pes/contracts';
import { api } from '../../api/client';

export const authApi = {
  login: (area: LoginArea, username: string, password: string) =>
    api<LoginResponse>('/auth/login', { method: 'POST', body: { username, password, area }, expectUnauthorized: true }),
  currentUser: () => api<{ user: CurrentUser }>('/auth/getCurrentUserInfo'),
  logout: () => api<{ success: true }>('/auth/logout', { method: 'POST', body: {}, expectUnauthorized: true }),
  signupCitizen: (form: FormData) => api<{ success: true; message: string }>('/auth/signup-citizen', { method: 'POST', body: form }),
};
