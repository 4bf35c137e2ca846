import { useMutation, useQuery } from '@tanstack/react-query';
import type { SandboxPayRequest, SandboxSession } from '@pes/contracts';
import { api } from '../../lib/api/client';

const keys = {
  checkout: (sessionId: string) => ['payments', 'sandbox', sessionId] as const,
};

// The sandbox checkout is public: the long random session id is the key.
const sessionPath = (sessionId: string) => `/payments/sandbox/sessions/${encodeURIComponent(sessionId)}`;

export function useCheckoutSession(sessionId: string) {
  return useQuery({ queryKey: keys.checkout(sessionId), queryFn: () => api<SandboxSession>(sessionPath(sessionId)), staleTime: 0 });
}

export function usePayCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (card: SandboxPayRequest) =>
      api<{ redirect_url: string }>(`${sessionPath(sessionId)}/pay`, { method: 'POST', body: card, expectUnauthorized: true }),
  });
}

export function useCancelCheckout(sessionId: string) {
  return useMutation({
    mutationFn: () => api<{ redirect_url: string }>(`${sessionPath(sessionId)}/cancel`, { method: 'POST', body: {}, expectUnauthorized: true }),
  });
}
