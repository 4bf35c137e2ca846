import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  type AuditAction,
  type IdentityCollisionResolution,
  type Branch,
  type Role,
  type UserState,
  type WorkloadStatus,
} from '@pes/contracts';
import { call } from '../../../lib/api/client';

/** Query keys of the administrator's area, from one factory. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (filter: UsersFilter, cursor: string | null) => ['admin', 'users', 'page', filter, cursor] as const,
  user: (id: number) => ['admin', 'users', 'one', id] as const,
  userComplaints: (id: number) => ['admin', 'users', 'complaints', id] as const,
  assigned: (id: number, cursor: string | null) => ['admin', 'users', 'assigned', id, cursor] as const,
  complaint: (id: number) => ['admin', 'complaint', id] as const,
  workload: (filter: WorkloadFilter, cursor: string | null) => ['admin', 'workload', filter, cursor] as const,
  audit: (filter: AuditFilter, cursor: string | null) => ['admin', 'audit', filter, cursor] as const,
  auditVerification: ['admin', 'audit-verification'] as const,
  identityCollisions: ['admin', 'users', 'identity-collisions'] as const,
};

export interface UsersFilter {
  search: string;
  role: Role | '';
  state: UserState;
}

/** One page of active (or deactivated) users (keyset: `cursor` is the last id of the page before), and the total. */
export function useUsersPage(filter: UsersFilter, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.usersPage(filter, cursor),
    queryFn: () => call(adminEndpoints.users, { query: { ...filter, role: filter.role || undefined, cursor: cursor ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

export const useUserDetails = (id: number) => useQuery({ queryKey: adminKeys.user(id), queryFn: () => call(adminEndpoints.user, { params: { id } }) });

export const useCitizenComplaints = (id: number, enabled: boolean) =>
  useQuery({ queryKey: adminKeys.userComplaints(id), queryFn: () => call(adminEndpoints.userComplaints, { params: { id } }), enabled });

/** A page of an officer's assigned complaints, newest first (keyset: `cursor` is the page before's next_cursor; null for the first). */
export const useAssignedComplaints = (id: number, enabled: boolean, cursor: string | null) =>
  useQuery({
    queryKey: adminKeys.assigned(id, cursor),
    queryFn: () => call(adminEndpoints.assignedComplaints, { params: { id }, query: { cursor: cursor ?? undefined } }),
    enabled,
    // The page shown stays while the next loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });

export const useAdminComplaint = (id: number) =>
  useQuery({ queryKey: adminKeys.complaint(id), queryFn: () => call(adminEndpoints.complaint, { params: { id } }) });

/** Deleting a user refreshes every list of the area (users, workload). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminEndpoints.deleteUser, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export interface WorkloadFilter {
  branch: Branch | '';
  /** English station name ('' for every station). */
  station: string;
  /** Only the officers of this workload status ('' for all). */
  status: WorkloadStatus | '';
  over: number;
  under: number;
}

/** Reactivating a user refreshes every list of the area (users, workload). */
export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminEndpoints.reactivateUser, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** One page of the officer workload (keyset: `cursor` is the next_cursor of the page before; null for the first). */
export function useWorkload(filter: WorkloadFilter, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.workload(filter, cursor),
    queryFn: () =>
      call(adminEndpoints.workload, {
        query: {
          branch: filter.branch || undefined,
          station: filter.station || undefined,
          status: filter.status || undefined,
          overloaded_above: filter.over,
          underutilized_below: filter.under,
          cursor: cursor ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export interface AuditFilter {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export function useAuditPage(filter: AuditFilter, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.audit(filter, cursor),
    queryFn: () =>
      call(adminEndpoints.auditLog, { query: { ...filter, action: (filter.action || undefined) as AuditAction | undefined, cursor: cursor ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Where the verification of the audit log's hash chain stands (stored by the server's jobs: reading it walks
 * nothing). Read again every few seconds while a full walk waits or runs, to show its progress; otherwise each minute.
 */
export const useAuditVerification = () =>
  useQuery({
    queryKey: adminKeys.auditVerification,
    queryFn: () => call(adminEndpoints.verifyAuditLog),
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.full_walk.state ?? '') ? 2_000 : 60_000),
    retry: 1,
  });

/** Asks for a full walk of the chain now (nothing more while one waits or runs); the answer is the new state. */
export function useRequestAuditFullWalk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(adminEndpoints.requestAuditFullWalk),
    onSuccess: (state) => queryClient.setQueryData(adminKeys.auditVerification, state),
  });
}

/** The open pairs of accounts sharing one NIC (from before NICs were normalised): the first page, oldest first. */
export const useOpenIdentityCollisions = () =>
  useQuery({ queryKey: adminKeys.identityCollisions, queryFn: () => call(adminEndpoints.identityCollisions, { query: { state: 'open' } }) });

/** Resolving a pair refreshes every list of the area (a deactivated account leaves the users list). */
export function useResolveIdentityCollision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; resolution: IdentityCollisionResolution }) =>
      call(adminEndpoints.resolveIdentityCollision, { params: { id: v.id }, body: { resolution: v.resolution } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
