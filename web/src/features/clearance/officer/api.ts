import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateDraft, ClearanceDetail, ClearanceListItem, ClearanceOfficerStatus } from '@pes/contracts';
import { api } from '../../../lib/api/client';

export interface ApplicationsFilter {
  search: string;
  status: ClearanceOfficerStatus | '';
  page: number;
}

export interface ApplicationsPage {
  applications: ClearanceListItem[];
  page: number;
  page_size: number;
  has_more: boolean;
}

const CLEARANCE_LIST_PAGE_SIZE = 20;

const keys = {
  all: ['clearance', 'officer'] as const,
  list: (filter: ApplicationsFilter) => ['clearance', 'officer', 'list', filter] as const,
  detail: (id: number) => ['clearance', 'officer', 'detail', id] as const,
  draft: (id: number) => ['clearance', 'officer', 'draft', id] as const,
};

/** The list's query string: only what is set, the search trimmed (the server normalises NIC spellings). */
export function applicationsQueryString({ search, status, page }: ApplicationsFilter, pageSize = CLEARANCE_LIST_PAGE_SIZE) {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (status) params.set('status', status);
  params.set('page', String(page));
  params.set('page_size', String(pageSize));
  return params.toString();
}

/** Paid applications, newest paid first; the previous page stays on screen while the next loads. */
export function useClearanceApplications(filter: ApplicationsFilter) {
  return useQuery({
    queryKey: keys.list(filter),
    queryFn: () => api<ApplicationsPage>(`/clearance/applications?${applicationsQueryString(filter)}`),
    placeholderData: keepPreviousData,
    retry: 1,
    staleTime: 0,
  });
}

export function useClearanceApplication(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => api<ClearanceDetail>(`/clearance/applications/${id}`),
    enabled: id !== null,
    retry: 1,
    staleTime: 0,
  });
}

/** After any change the application's detail and every list page are asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (detail?: ClearanceDetail) => {
    if (detail) queryClient.setQueryData(keys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: keys.all });
  };
}

export function useUpdateClearanceStatus(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { status: ClearanceOfficerStatus; reason?: string }) =>
      api<ClearanceDetail>(`/clearance/applications/${id}/status`, { method: 'PUT', body }),
    onSuccess: (detail) => refresh(detail),
  });
}

/** The certificate draft with the server's defaults, asked for when the editor opens (never cached: the application may have changed). */
export function useCertificateDraft(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.draft(id),
    queryFn: () => api<CertificateDraft>(`/clearance/applications/${id}/certificate-draft`),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `replace`: the officer confirmed that the new certificate replaces the one the application holds (the server asks for it). */
const replacing = (replace: boolean) => (replace ? '?replace=true' : '');

export function useGenerateCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ draft, replace }: { draft: CertificateDraft; replace: boolean }) =>
      api<{ certificate_url: string }>(`/clearance/applications/${id}/certificate/generate${replacing(replace)}`, { method: 'POST', body: draft }),
    onSuccess: () => refresh(),
  });
}

/** The spec's other path: upload a PDF, then attach it to the application. */
export function useUploadAndAttachCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, replace }: { file: File; replace: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      const uploaded = await api<{ file: { path: string } }>('/clearance/upload', { method: 'POST', body: form });
      return api<{ certificate_url: string }>(`/clearance/applications/${id}/certificate${replacing(replace)}`, {
        method: 'POST',
        body: { certificate_url: uploaded.file.path },
      });
    },
    onSuccess: () => refresh(),
  });
}
