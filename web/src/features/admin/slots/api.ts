import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, slotsEndpoints, type Branch, type CreateSlotRequest } from '@pes/contracts';
import { call } from '../../../lib/api/client';

const slotKeys = {
  all: ['admin', 'slots'] as const,
  day: (date: string, station: string) => ['admin', 'slots', date, station] as const,
  officers: (name: string, branch: string, station: string) => ['admin', 'officers', name, branch, station] as const,
};

/** The slots of one station on one day, with their officers. */
export function useAdminSlots(date: string, station: string) {
  return useQuery({
    queryKey: slotKeys.day(date, station),
    queryFn: () => call(slotsEndpoints.adminList, { query: { date, station } }),
    enabled: Boolean(date),
    staleTime: 0,
  });
}

/** Every change to a slot refreshes the overview (capacity and officers change together). */
function useSlotMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}

export const useCreateSlot = () => useSlotMutation((body: CreateSlotRequest) => call(slotsEndpoints.create, { body }));

export const useDeleteSlot = () => useSlotMutation((id: number) => call(slotsEndpoints.remove, { params: { id } }));

export const useAssignOfficer = () =>
  useSlotMutation(({ slotId, officerId }: { slotId: number; officerId: number }) =>
    call(slotsEndpoints.assignOfficer, { params: { id: slotId }, body: { officerId } }),
  );

export const useRemoveOfficer = () =>
  useSlotMutation(({ slotId, officerId }: { slotId: number; officerId: number }) =>
    call(slotsEndpoints.removeOfficer, { params: { id: slotId, officerRowId: officerId } }),
  );

/** Active officers whose name contains `name`, of one branch (or all) at one station (or all). */
export function useOfficerSearch(name: string, branch: Branch | '', station: string) {
  return useQuery({
    queryKey: slotKeys.officers(name, branch, station),
    queryFn: () => call(adminEndpoints.searchOfficers, { query: { name, branch: branch || undefined, station } }),
    placeholderData: (previous) => previous,
  });
}
