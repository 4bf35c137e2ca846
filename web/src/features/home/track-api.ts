import { clearanceEndpoints } from '@pes/contracts';
import { call } from '../../lib/api/client';

/** Whether the citizen with this identity number has a clearance request. */
export const clearanceRequestExists = (identityNumber: string) =>
  call(clearanceEndpoints.status, { params: { identity_number: identityNumber } }).then((r) => r.exists);
