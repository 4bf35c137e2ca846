import { useQuery } from '@tanstack/react-query';
import { certificateVerificationEndpoint } from '@pes/contracts';
import { ApiError, call } from '../../lib/api/client';

// The verification page's one call, apart from api.ts: that module's calls bring every clearance schema with them.
/** Public: is the certificate with this verification code genuine and valid? (Throttled per address: no retry after a 429.) */
export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: ['clearance', 'verify', code],
    queryFn: () => call(certificateVerificationEndpoint, { params: { code } }),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 429),
  });
}
