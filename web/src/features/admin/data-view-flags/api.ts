import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataViewEndpoints, type DataViewFlagState } from '@pes/contracts';
import { call } from '../../../lib/api/client';

const flagKeys = {
  all: ['admin', 'data-view-flags'] as const,
  page: (state: DataViewFlagState, cursor: string | null) => [...flagKeys.all, state, cursor] as const,
};

/** A page of the attention list: views citizens flagged, open or handled, newest first. */
export const useDataViewFlags = (state: DataViewFlagState, cursor: string | null) =>
  useQuery({
    queryKey: flagKeys.page(state, cursor),
    queryFn: () => call(dataViewEndpoints.flags, { query: { state, cursor: cursor ?? undefined } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Marks a flag handled; both lists are read again. */
export function useHandleFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(dataViewEndpoints.handleFlag, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: flagKeys.all }),
  });
}
