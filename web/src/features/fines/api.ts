import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { finesEndpoints, type FineSearchQuery, type IssueFineInput, type OffenseType } from '@pes/contracts';
import { call } from '../../lib/api/client';

const keys = {
  officerFines: (search: string, before: string | undefined) => ['fines', 'officer', search, before ?? ''] as const,
  analytics: (offenseType: OffenseType | '', station: string) => ['fines', 'analytics', offenseType, station] as const,
  search: (query: FineSearchQuery | null) => ['fines', 'search', query] as const,
  history: (cursor: string | undefined) => ['fines', 'history', cursor ?? ''] as const,
};

// ---- Officers (Traffic Fine Branch)

/** A page of the fines this officer issued, newest first, filtered by a vehicle or identity number prefix. */
export function useOfficerFines(search: string, before: string | undefined) {
  return useQuery({
    queryKey: keys.officerFines(search, before),
    queryFn: () => call(finesEndpoints.officerFines, { query: { search, before } }),
    // Keep showing the last list while the next search loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useIssueFine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fine: IssueFineInput) => call(finesEndpoints.issue, { body: fine }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fines'] }),
  });
}

/**
 * Each violation's and station's figures load on their own: another's are never shown in their place. The station
 * is its English name; '' is every station.
 */
export function useFineAnalytics(offenseType: OffenseType | '', station: string) {
  return useQuery({
    queryKey: keys.analytics(offenseType, station),
    queryFn: () => call(finesEndpoints.analytics, { query: { offense_type: offenseType, station } }),
  });
}

// ---- Citizens

/** Runs only once the citizen has submitted the three search fields (query is null before). */
export function useFineSearch(query: FineSearchQuery | null) {
  return useQuery({
    queryKey: keys.search(query),
    queryFn: () => call(finesEndpoints.search, { query: query! }),
    enabled: query !== null,
    // A fine paid a moment ago in another tab must not still show as payable.
    staleTime: 0,
  });
}

/** A page of the signed-in citizen's paid fines, newest payment first (`cursor`: the page before's next_cursor). */
export function useFineHistory(cursor: string | undefined) {
  return useQuery({
    queryKey: keys.history(cursor),
    queryFn: () => call(finesEndpoints.history, { query: { cursor } }),
    staleTime: 0,
    // The page shown stays while the next loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useInitiatePayment() {
  return useMutation({
    mutationFn: (fineId: string) => call(finesEndpoints.initiatePayment, { params: { id: fineId } }),
  });
}

export function useMarkPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fineId, sessionId }: { fineId: string; sessionId?: string }) =>
      call(finesEndpoints.markPaid, { params: { id: fineId }, body: sessionId ? { session_id: sessionId } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fines'] }),
  });
}
