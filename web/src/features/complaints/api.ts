import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { complaintsEndpoints, slotsEndpoints, type AppointmentAttendance, type ComplaintPage, type ComplaintType, type SlotBranch } from '@pes/contracts';
import { call } from '../../lib/api/client';

const complaintKeys = {
  mine: ['complaints', 'mine'] as const,
  allowance: ['complaints', 'allowance'] as const,
  minePage: (cursor: string | null) => ['complaints', 'mine', cursor ?? ''] as const,
  police: (date: string, cursor: string | null) => ['complaints', 'police', date, cursor ?? ''] as const,
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
      void queryClient.invalidateQueries({ queryKey: complaintKeys.allowance });
    },
  });
}

/** How many upcoming appointments the citizen may hold now, and until when a missed-appointments limit lasts. */
export function useBookingAllowance() {
  return useQuery({
    queryKey: complaintKeys.allowance,
    queryFn: () => call(complaintsEndpoints.bookingAllowance),
    staleTime: 0,
    // A notice, not the page: without it the booking itself still says why it was refused.
    retry: 1,
  });
}

/** A page of the citizen's own complaints, newest first (`cursor`: the page before's next_cursor; null for the first). */
export function useMyComplaints(cursor: string | null) {
  return useQuery({
    queryKey: complaintKeys.minePage(cursor),
    queryFn: () => call(complaintsEndpoints.mine, { query: { cursor: cursor ?? undefined } }),
    staleTime: 0,
    // The page shown stays while the next loads, so the list does not flash.
    placeholderData: keepPreviousData,
  });
}

/**
 * The officer's queue: a page of the branch and station's complaints, newest first, or every one with an appointment
 * on `date` (a day's appointments, as one page: the slots' capacity bounds them).
 */
export function usePoliceComplaints(date: string, cursor: string | null) {
  return useQuery({
    queryKey: complaintKeys.police(date, cursor),
    queryFn: async (): Promise<ComplaintPage> => {
      if (!date) return call(complaintsEndpoints.police, { query: { cursor: cursor ?? undefined } });
      const day = await call(complaintsEndpoints.policeByDate, { query: { date } });
      return { complaints: day, total: day.length, total_exact: true, page_size: day.length, next_cursor: null };
    },
    staleTime: 0,
    // The page shown stays while the next page of the same list loads; another date's list is not this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === date ? previous : undefined),
  });
}

export function useUpdateComplaintStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) => call(complaintsEndpoints.updateStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['complaints', 'police'] }),
  });
}

/** Marks (or corrects) whether the citizen came to a complaint's appointment. */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attendance }: { id: number; attendance: AppointmentAttendance }) =>
      call(complaintsEndpoints.markAttendance, { params: { id }, body: { attendance } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['complaints', 'police'] }),
  });
}
