import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Fine, FineAnalytics, FineListResponse, FineSearchQuery, IssueFineInput, OffenseType, OfficerFinesPage } from '@pes/contracts';
import { api } from '../../lib/api/client';

const keys = {
  officerFines: (search: string, before: string | undefined) => ['fines', 'officer', search, before ?? ''] as const,
  analytics: (offenseType: OffenseType | '') => ['fines', 'analytics', offenseType] as const,
  search: (query: FineSearchQuery | null) => ['fines', 'search', query] as const,
  history: ['fines', 'history'] as const,
};

// ---- Officers (Traffic Fine Branch)

/** A page of the fines this officer issued, newest first, filtered by a vehicle or identity number prefix. */
export function useOfficerFines(search: string, before: string | undefined) {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (before) query.set('before', before);
  return useQuery({
    queryKey: keys.officerFines(search, before),
    queryFn: () => api<OfficerFinesPage>(`/fines/officer/my-fines?${query}`),
    // Keep showing the last list while the next search loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useIssueFine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fine: IssueFineInput) => api<Fine>('/fines', { method: 'POST', body: fine }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fines'] }),
  });
}

/** Each violation's figures load on their own: another violation's are never shown in their place. */
export function useFineAnalytics(offenseType: OffenseType | '') {
  return useQuery({
    queryKey: keys.analytics(offenseType),
    queryFn: () => api<FineAnalytics>(`/fines/analytics/overview${offenseType ? `?offense_type=${encodeURIComponent(offenseType)}` : ''}`),
  });
}

// ---- Citizens

/** Runs only once the citizen has submitted the three search fields (query is null before). */
export function useFineSearch(query: FineSearchQuery | null) {
  return useQuery({
    queryKey: keys.search(query),
    queryFn: () => api<FineListResponse>(`/fines/search?${new URLSearchParams(query as Record<string, string>)}`),
    enabled: query !== null,
    // A fine paid a moment ago in another tab must not still show as payable.
    staleTime: 0,
  });
}

export function useFineHistory() {
  return useQuery({ queryKey: keys.history, queryFn: () => api<FineListResponse>('/fines/history'), staleTime: 0 });
}

export function useInitiatePayment() {
  return useMutation({
    mutationFn: (fineId: string) => api<{ url: string }>(`/fines/${encodeURIComponent(fineId)}/initiate-payment`, { method: 'POST', body: {} }),
  });
}

export function useMarkPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fineId, sessionId }: { fineId: string; sessionId?: string }) =>
      api<Fine>(`/fines/${encodeURIComponent(fineId)}/mark-paid`, { method: 'POST', body: sessionId ? { session_id: sessionId } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fines'] }),
  });
}
