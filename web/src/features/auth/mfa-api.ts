import { authEndpoints } from '@pes/contracts';
import { call } from '../../lib/api/client';

/** Staff's second factor after the password (the mfa_token carries the password step). */
export const mfaApi = {
  setup: (mfa_token: string) => call(authEndpoints.mfaSetup, { body: { mfa_token }, expectUnauthorized: true }),
  confirm: (mfa_token: string, code: string) => call(authEndpoints.mfaConfirm, { body: { mfa_token, code }, expectUnauthorized: true }),
  verify: (body: { mfa_token: string; code?: string; recovery_code?: string }) => call(authEndpoints.mfaVerify, { body, expectUnauthorized: true }),
};
