import {
  adminNotificationsQuerySchema,
  adminNotificationsSchema,
  notificationIdParamsSchema,
  notificationRetrySchema,
  preferencesSchema,
} from '../notifications';
import { endpoint } from './define';

export const notificationsEndpoints = {
  preferences: endpoint({ method: 'GET', path: '/me/preferences', status: 200, answer: preferencesSchema }),
  savePreferences: endpoint({ method: 'PUT', path: '/me/preferences', body: preferencesSchema, status: 200, answer: preferencesSchema }),
  adminList: endpoint({ method: 'GET', path: '/admin/notifications', query: adminNotificationsQuerySchema, status: 200, answer: adminNotificationsSchema }),
  retry: endpoint({ method: 'POST', path: '/admin/notifications/:id/retry', params: notificationIdParamsSchema, status: 202, answer: notificationRetrySchema }),
};
