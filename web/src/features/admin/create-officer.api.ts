import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateOfficerRequest, Officer, Station } from '@pes/contracts';
import { api } from '../../lib/api/client';

/** Police stations (public list, with Sinhala and Tamil names). */
export function useStations() {
  return useQuery({
    queryKey: ['stations'],
    queryFn: () => api<{ stations: Station[] }>('/stations').then((r) => r.stations),
    staleTime: 5 * 60_000,
  });
}

export function useCreateOfficer() {
  return useMutation({
    mutationFn: (body: CreateOfficerRequest) =>
      api<{ success: true; message: string; officer: Officer }>('/admin/users/create-officer', { method: 'POST', body }),
  });
}
