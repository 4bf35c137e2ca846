import { useMutation, useQuery } from '@tanstack/react-query';
import { sandboxCheckoutEndpoints, type SandboxPayRequest } from '@pes/contracts';
import { call } from '../../lib/api/client';

const keys = {
  checkout: (sessionId: string) => ['payments', 'sandbox', sessionId] as const,
};

export function useCheckoutSession(sessionId: string) {
  return useQuery({ queryKey: keys.checkout(sessionId), queryFn: () => call(sandboxCheckoutEndpoints.session, { params: { sessionId } }), staleTime: 0 });
}

export function usePayCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (card: SandboxPayRequest) => call(sandboxCheckoutEndpoints.pay, { params: { sessionId }, body: card, expectUnauthorized: true }),
  });
}

export function useCancelCheckout(sessionId: string) {
  return useMutation({
    mutationFn: () => call(sandboxCheckoutEndpoints.cancel, { params: { sessionId }, expectUnauthorized: true }),
  });
}
