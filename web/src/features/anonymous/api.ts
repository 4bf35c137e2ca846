import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnonymousComplaint, SubmitAnonymousComplaintResponse, TrackAnonymousResponse } from '@pes/contracts';

interface OfficerPage {
  complaints: AnonymousComplaint[];
  next_cursor: string | null;
}
import { api } from '../../lib/api/client';

export function useSubmitAnonymousComplaint() {
  return useMutation({ mutationFn: (form: FormData) => api<SubmitAnonymousComplaintResponse>('/anonymous', { method: 'POST', body: form }) });
}

export function useTrackAnonymousComplaint() {
  return useMutation({ mutationFn: (code: string) => api<TrackAnonymousResponse>('/anonymous/track', { method: 'POST', body: { tracking_code: code } }) });
}

/** The calling Crime Branch officer's anonymous complaints, newest first, a page at a time; `status` filters on the server. */
export function useAssignedAnonymousComplaints(officerId: string | null, status: string) {
  const query = useInfiniteQuery({
    queryKey: ['anonymous', 'officer', officerId, status],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (status) params.set('status', status);
      if (pageParam) params.set('before', pageParam);
      const search = params.size > 0 ? `?${params.toString()}` : '';
      return api<OfficerPage>(`/anonymous/officer/${encodeURIComponent(officerId!)}${search}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(officerId),
    staleTime: 0,
  });
  return { ...query, data: query.data?.pages.flatMap((p) => p.complaints) };
}

export function useUpdateAnonymousStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) =>
      api<{ complaint: AnonymousComplaint }>(`/anonymous/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['anonymous', 'officer'] }),
  });
}
