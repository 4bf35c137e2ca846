import type { ModuleErrors } from './entry';

export const notificationErrors = {
  'notifications.not_found': { status: 404, message: 'Message not found' },
  'notifications.not_retryable': { status: 409, message: 'Only a failed message can be sent again' },
} as const satisfies ModuleErrors<'notifications'>;
