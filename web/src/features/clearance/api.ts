import { useQuery } from '@tanstack/react-query';
import { clearanceEndpoints } from '@pes/contracts';
import { call } from '../../lib/api/client';

const keys = {
  paymentStatus: (sessionId: string) => ['clearance', 'payment-status', sessionId] as const,
  track: (identityNumber: string) => ['clearance', 'track', identityNumber] as const,
  openApplication: ['clearance', 'open-application'] as const,
};

/** The success page's verification: the server asks the gateway, and records the payment once. */
export function useClearancePaymentStatus(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: keys.paymentStatus(sessionId ?? ''),
    queryFn: () => call(clearanceEndpoints.paymentStatus, { params: { sessionId: sessionId! } }),
    enabled: enabled && sessionId !== null,
    retry: false,
    staleTime: 0,
  });
}

/** The signed-in citizen's latest clearance request (by their own identity number). */
export function useClearanceTrack(identityNumber: string | null) {
  return useQuery({
    queryKey: keys.track(identityNumber ?? ''),
    queryFn: () => call(clearanceEndpoints.track, { params: { identity_number: identityNumber! } }),
    enabled: identityNumber !== null,
    retry: false,
    staleTime: 0,
  });
}

/** The signed-in citizen's paid application still being processed (a new one would be refused): asked before the wizard's step 1. */
export function useOpenClearanceApplication(enabled: boolean) {
  return useQuery({
    queryKey: keys.openApplication,
    queryFn: () => call(clearanceEndpoints.openApplication),
    enabled,
    retry: 1,
    staleTime: 0,
  });
}
