import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { complaintsEndpoints, slotsEndpoints, type ComplaintType, type SlotBranch } from '@pes/contracts';
import { call } from '../../lib/api/client';

const complaintKeys = {
  mine: ['complaints', 'mine'] as const,
  police: (date: string) => ['complaints', 'police', date] as const,
  publicSlots: (date: string, branch: string, station: string) => ['slots', 'public', date, branch, station] as const,
};

/** Open slots of one station and branch on one day; asked only once all three are known. */
export function usePublicSlots(date: string, branch: SlotBranch, station: string) {
  return useQuery({
    queryKey: complaintKeys.publicSlots(date, branch, station),
    queryFn: () => call(slotsEndpoints.publicList, { query: { date, branch, station } }),
    enabled: Boolean(date && station),
    // Capacity changes as others book: always ask again when the choice is made again.
    staleTime: 0,
  });
}

export function useSubmitComplaint(type: ComplaintType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(complaintsEndpoints.submit[type], { form }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['slots', 'public'] });
      void queryClient.invalidateQueries({ queryKey: complaintKeys.mine });
    },
  });
}

export function useMyComplaints() {
  return useQuery({
    queryKey: complaintKeys.mine,
    queryFn: () => call(complaintsEndpoints.mine),
    staleTime: 0,
  });
}

/** The officer's queue: every complaint of the branch and station, or those with an appointment on `date`. */
export function usePoliceComplaints(date: string) {
  return useQuery({
    queryKey: complaintKeys.police(date),
    queryFn: () => (date ? call(complaintsEndpoints.policeByDate, { query: { date } }) : call(complaintsEndpoints.police)),
    staleTime: 0,
  });
}

export function useUpdateComplaintStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) => call(complaintsEndpoints.updateStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['complaints', 'police'] }),
  });
}
