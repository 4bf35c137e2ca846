import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, dataViewEndpoints, type CloseAccountRequest } from '@pes/contracts';
import { call, credentialHeaders, endpointUrl, errorFromAnswer, parseAnswer, sessionEnded } from '../../lib/api/client';
import { attachmentFileName } from './downloads';

const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  dataViews: ['account', 'data-views'] as const,
};

/** The account's live sessions; a failure shows at once (no retries behind "Loading…"). */
export const useSessions = () => useQuery({ queryKey: accountKeys.sessions, queryFn: () => call(accountEndpoints.sessions), retry: false });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(accountEndpoints.endSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountEndpoints.endOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** A page of the times staff opened the citizen's data (null: the first page); a failure shows at once. */
export const useDataViews = (cursor: string | null) =>
  useQuery({
    queryKey: [...accountKeys.dataViews, cursor],
    queryFn: () => call(dataViewEndpoints.mine, { query: { cursor: cursor ?? undefined } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Sends one view to the administrators' attention; the list is read again to show it flagged. */
export function useFlagDataView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(dataViewEndpoints.flag, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.dataViews }),
  });
}

export const useCloseAccount = () => useMutation({ mutationFn: (body: CloseAccountRequest) => call(accountEndpoints.close, { body }) });

/**
 * Downloads the citizen's data as the file the server names (`pes-my-data-YYYY-MM-DD.json`): fetched with the session's
 * credentials (a plain link would carry only the cookie, which authenticates no API read), then saved from a Blob.
 */
export async function downloadMyData(fallbackName: string) {
  const response = await fetch(endpointUrl(accountEndpoints.exportMyData), { headers: new Headers(credentialHeaders()), credentials: 'include' });
  if (response.status === 401) sessionEnded();
  if (!response.ok) throw errorFromAnswer(response.status, parseAnswer(await response.text()), response.statusText);
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentFileName(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
