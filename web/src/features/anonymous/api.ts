import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ANONYMOUS_REPORTER_HEADER, anonymousEndpoints } from '@pes/contracts';
import { call } from '../../lib/api/client';
import { reporterKey } from './reporter-key';

export function useSubmitAnonymousComplaint() {
  return useMutation({ mutationFn: (form: FormData) => call(anonymousEndpoints.submit, { form, headers: { [ANONYMOUS_REPORTER_HEADER]: reporterKey() } }) });
}

export function useTrackAnonymousComplaint() {
  return useMutation({ mutationFn: (code: string) => call(anonymousEndpoints.track, { body: { tracking_code: code } }) });
}

/** The calling Crime Branch officer's anonymous complaints, newest first, a page at a time; `status` filters on the server. */
export function useAssignedAnonymousComplaints(officerId: string | null, status: string) {
  const query = useInfiniteQuery({
    queryKey: ['anonymous', 'officer', officerId, status],
    queryFn: ({ pageParam }) =>
      call(anonymousEndpoints.officerList, { params: { officerId: officerId! }, query: { status: status || undefined, before: pageParam || undefined } }),
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
    mutationFn: ({ id, status }: { id: number; status: string }) => call(anonymousEndpoints.updateStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['anonymous', 'officer'] }),
  });
}
