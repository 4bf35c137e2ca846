import { certificateCodeParamSchema, certificateVerificationSchema } from '../certificate-verification';
import { endpoint } from './define';

/**
 * The public check of a certificate by the code its QR carries. A module of its own, so that the verification page
 * loads this call without the other clearance calls' schemas (building them took a slow phone ~100 ms).
 */
export const certificateVerificationEndpoint = endpoint({
  method: 'GET',
  path: '/clearance/verify/:code',
  params: certificateCodeParamSchema,
  status: 200,
  answer: certificateVerificationSchema,
});
