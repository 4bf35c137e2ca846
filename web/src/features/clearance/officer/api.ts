import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clearanceEndpoints,
  type CertificateDraft,
  type ClearanceDetail,
  type ClearanceOfficerStatus,
  type ClearanceStation,
  type EndpointAnswer,
} from '@pes/contracts';
import { call } from '../../../lib/api/client';
import { uploadWithProgress } from '../../../lib/api/upload';

export interface ApplicationsFilter {
  search: string;
  status: ClearanceOfficerStatus | '';
  station: ClearanceStation | '';
  /** The next_cursor of the page before; null for the first page. */
  cursor: string | null;
}

export type ApplicationsPage = EndpointAnswer<typeof clearanceEndpoints.applications>;

const CLEARANCE_LIST_PAGE_SIZE = 20;

const keys = {
  all: ['clearance', 'officer'] as const,
  list: (filter: ApplicationsFilter) => ['clearance', 'officer', 'list', filter] as const,
  detail: (id: number) => ['clearance', 'officer', 'detail', id] as const,
  draft: (id: number) => ['clearance', 'officer', 'draft', id] as const,
};

/** The list's query: the page size always, the cursor of a later page, the search trimmed (the server normalises NIC spellings). */
export function applicationsQuery({ search, status, station, cursor }: ApplicationsFilter, pageSize = CLEARANCE_LIST_PAGE_SIZE) {
  return { search: search.trim(), status, station, cursor: cursor ?? undefined, page_size: pageSize };
}

/** Paid applications, newest paid first; the previous page stays on screen while the next loads. */
export function useClearanceApplications(filter: ApplicationsFilter) {
  return useQuery({
    queryKey: keys.list(filter),
    queryFn: () => call(clearanceEndpoints.applications, { query: applicationsQuery(filter) }),
    placeholderData: keepPreviousData,
    retry: 1,
    staleTime: 0,
  });
}

export function useClearanceApplication(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => call(clearanceEndpoints.application, { params: { id: id! } }),
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
    mutationFn: (body: { status: ClearanceOfficerStatus; reason?: string }) => call(clearanceEndpoints.updateStatus, { params: { id }, body }),
    onSuccess: (detail) => refresh(detail),
  });
}

/** The certificate draft with the server's defaults, asked for when the editor opens (never cached: the application may have changed). */
export function useCertificateDraft(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.draft(id),
    queryFn: () => call(clearanceEndpoints.certificateDraft, { params: { id } }),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `replace`: the officer confirmed that the new certificate replaces the one the application holds (the server asks for it). */
const replacing = (replace: boolean) => ({ replace: replace ? ('true' as const) : undefined });

export function useGenerateCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ draft, replace }: { draft: CertificateDraft; replace: boolean }) =>
      call(clearanceEndpoints.generateCertificate, { params: { id }, query: replacing(replace), body: draft }),
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
      const uploaded = await uploadWithProgress(clearanceEndpoints.upload, { form, onProgress: () => {} }).promise;
      return call(clearanceEndpoints.attachCertificate, { params: { id }, query: replacing(replace), body: { certificate_url: uploaded.file.path } });
    },
    onSuccess: () => refresh(),
  });
}
