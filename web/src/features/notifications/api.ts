import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsEndpoints, type NotificationChannel, type NotificationState, type Preferences } from '@pes/contracts';
import { call } from '../../lib/api/client';
import { PREFERENCES_QUERY_KEY } from '../../lib/session/account-language';

export interface NotificationsFilter {
  channel: NotificationChannel | '';
  state: NotificationState | '';
  recipient: string;
}

export const notificationKeys = {
  preferences: PREFERENCES_QUERY_KEY,
  list: (filter: NotificationsFilter, cursor: string | null) => ['admin', 'notifications', filter, cursor] as const,
  all: ['admin', 'notifications'] as const,
};

export const usePreferences = () => useQuery({ queryKey: notificationKeys.preferences, queryFn: () => call(notificationsEndpoints.preferences) });

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => call(notificationsEndpoints.savePreferences, { body }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences, saved),
  });
}

export function useNotifications(filter: NotificationsFilter, cursor: string | null) {
  return useQuery({
    queryKey: notificationKeys.list(filter, cursor),
    queryFn: () =>
      call(notificationsEndpoints.adminList, {
        query: {
          channel: filter.channel || undefined,
          state: filter.state || undefined,
          recipient: filter.recipient || undefined,
          cursor: cursor ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationsEndpoints.retry, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
