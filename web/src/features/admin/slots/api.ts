import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSlot, Branch, CreateSlotRequest, OfficerSearchResult } from '@pes/contracts';
import { api } from '../../../lib/api/client';

const slotKeys = {
  all: ['admin', 'slots'] as const,
  day: (date: string, station: string) => ['admin', 'slots', date, station] as const,
  officers: (name: string, branch: string, station: string) => ['admin', 'officers', name, branch, station] as const,
};

/** The slots of one station on one day, with their officers. */
export function useAdminSlots(date: string, station: string) {
  const query = new URLSearchParams({ date });
  if (station) query.set('station', station);
  return useQuery({
    queryKey: slotKeys.day(date, station),
    queryFn: () => api<AdminSlot[]>(`/admin/slots?${query}`),
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

export const useCreateSlot = () => useSlotMutation((body: CreateSlotRequest) => api<AdminSlot>('/admin/slots', { method: 'POST', body }));

export const useDeleteSlot = () => useSlotMutation((id: number) => api<{ success: true; message: string }>(`/admin/slots/${id}`, { method: 'DELETE' }));

export const useAssignOfficer = () =>
  useSlotMutation(({ slotId, officerId }: { slotId: number; officerId: number }) =>
    api<AdminSlot>(`/admin/slots/${slotId}/assign-officer`, { method: 'POST', body: { officerId } }),
  );

export const useRemoveOfficer = () =>
  useSlotMutation(({ slotId, officerId }: { slotId: number; officerId: number }) =>
    api<AdminSlot>(`/admin/slots/${slotId}/remove-officer/${officerId}`, { method: 'DELETE' }),
  );

/** Active officers whose name contains `name`, of one branch (or all) at one station (or all). */
export function useOfficerSearch(name: string, branch: Branch | '', station: string) {
  const query = new URLSearchParams();
  if (name) query.set('name', name);
  if (branch) query.set('branch', branch);
  if (station) query.set('station', station);
  return useQuery({
    queryKey: slotKeys.officers(name, branch, station),
    queryFn: () => api<OfficerSearchResult[]>(`/admin/police-officers/search?${query}`),
    placeholderData: (previous) => previous,
  });
}
