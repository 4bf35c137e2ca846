import {
  currentUserResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginSessionSchema,
  mfaConfirmRequestSchema,
  mfaConfirmResponseSchema,
  mfaSetupRequestSchema,
  mfaSetupResponseSchema,
  mfaVerifyRequestSchema,
  okResponseSchema,
  signupCitizenForm,
  signupCitizenResponseSchema,
} from '../auth';
import { endpoint } from './define';

export const authEndpoints = {
  signupCitizen: endpoint({ method: 'POST', path: '/auth/signup-citizen', form: signupCitizenForm, status: 201, answer: signupCitizenResponseSchema }),
  login: endpoint({ method: 'POST', path: '/auth/login', body: loginRequestSchema, status: 200, answer: loginResponseSchema }),
  /** Staff's second factor (TOTP), after the password: first set-up, then each sign-in's code. */
  mfaSetup: endpoint({ method: 'POST', path: '/auth/mfa/setup', body: mfaSetupRequestSchema, status: 200, answer: mfaSetupResponseSchema }),
  mfaConfirm: endpoint({ method: 'POST', path: '/auth/mfa/confirm', body: mfaConfirmRequestSchema, status: 200, answer: mfaConfirmResponseSchema }),
  mfaVerify: endpoint({ method: 'POST', path: '/auth/mfa/verify', body: mfaVerifyRequestSchema, status: 200, answer: loginSessionSchema }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', status: 200, answer: okResponseSchema }),
  currentUser: endpoint({ method: 'GET', path: '/auth/getCurrentUserInfo', status: 200, answer: currentUserResponseSchema }),
  /** The same answer under a shorter path, for scripts and API clients (the spec names the long one). */
  me: endpoint({ method: 'GET', path: '/auth/me', status: 200, answer: currentUserResponseSchema }),
};
