import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCitizenComplaints, AdminUserDetails, AdminUsersPage, AuditPage, AuditVerification, Complaint, Role, WorkloadRow } from '@pes/contracts';
import { api } from '../../../lib/api/client';

/** Query keys of the administrator's area, from one factory. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (search: string, role: string, cursor: string | null) => ['admin', 'users', 'page', search, role, cursor] as const,
  user: (id: number) => ['admin', 'users', 'one', id] as const,
  userComplaints: (id: number) => ['admin', 'users', 'complaints', id] as const,
  assigned: (id: number) => ['admin', 'users', 'assigned', id] as const,
  complaint: (id: number) => ['admin', 'complaint', id] as const,
  workload: (branch: string, overloadedAbove: number, underutilizedBelow: number) =>
    ['admin', 'workload', branch, overloadedAbove, underutilizedBelow] as const,
  audit: (filter: AuditFilter, cursor: string | null) => ['admin', 'audit', filter, cursor] as const,
};

const query = (params: Record<string, string | number | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') q.set(key, String(value));
  return q.toString();
};

/** One page of active users (keyset: `cursor` is the last id of the page before). */
export function useUsersPage(search: string, role: Role | '', cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.usersPage(search, role, cursor),
    queryFn: () => api<AdminUsersPage>(`/admin/users?${query({ search, role, cursor })}`),
    placeholderData: keepPreviousData,
  });
}

export const useUserDetails = (id: number) => useQuery({ queryKey: adminKeys.user(id), queryFn: () => api<AdminUserDetails>(`/admin/users/${id}`) });

export const useCitizenComplaints = (id: number, enabled: boolean) =>
  useQuery({ queryKey: adminKeys.userComplaints(id), queryFn: () => api<AdminCitizenComplaints>(`/admin/users/${id}/complaints`), enabled });

export const useAssignedComplaints = (id: number, enabled: boolean) =>
  useQuery({ queryKey: adminKeys.assigned(id), queryFn: () => api<{ complaints: Complaint[] }>(`/admin/users/${id}/assigned-complaints`), enabled });

export const useAdminComplaint = (id: number) => useQuery({ queryKey: adminKeys.complaint(id), queryFn: () => api<Complaint>(`/admin/complaints/${id}`) });

/** Deleting a user refreshes every list of the area (users, workload). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true; message: string }>(`/admin/users/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useWorkload(branch: string, overloadedAbove: number, underutilizedBelow: number) {
  return useQuery({
    queryKey: adminKeys.workload(branch, overloadedAbove, underutilizedBelow),
    queryFn: () =>
      api<{ rows: WorkloadRow[] }>(`/admin/officer-workload?${query({ branch, overloaded_above: overloadedAbove, underutilized_below: underutilizedBelow })}`),
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
    queryFn: () => api<AuditPage>(`/admin/audit-log?${query({ ...filter, cursor })}`),
    placeholderData: keepPreviousData,
  });
}

/** Walks the audit log's hash chain on the server (on demand: it reads every entry). */
export const useVerifyAuditLog = () => useMutation({ mutationFn: () => api<AuditVerification>('/admin/audit-log/verify') });
