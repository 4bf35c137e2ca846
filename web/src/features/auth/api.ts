import { api } from '../../lib/api/client';

export const authApi = {
  signupCitizen: (form: FormData) => api<{ success: true; message: string }>('/auth/signup-citizen', { method: 'POST', body: form }),
};
