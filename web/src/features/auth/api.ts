import { authEndpoints } from '@pes/contracts';
import { call } from '../../lib/api/client';

export const authApi = {
  signupCitizen: (form: FormData) => call(authEndpoints.signupCitizen, { form }),
};
