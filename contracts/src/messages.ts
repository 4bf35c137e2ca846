import { coreMessagesEn } from './messages/core';
import { complaintMessagesEn } from './messages/complaints';
import { fineMessagesEn } from './messages/fines';
import { adminMessagesEn } from './messages/admin';
import { clearanceMessagesEn } from './messages/clearance';
import { anonymousMessagesEn } from './messages/anonymous';
import { mfaMessagesEn } from './messages/mfa';
import { passwordMessagesEn } from './messages/passwords';

/**
 * Validation messages are keys, so the browser can translate them and the server can return them.
 * The English text is the spec's. Each feature keeps its own set in messages/<feature>.ts; the web app's
 * `validation` namespace in Sinhala and Tamil must have every key (a test checks it).
 */
export const validationMessagesEn = {
  ...coreMessagesEn,
  ...complaintMessagesEn,
  ...fineMessagesEn,
  ...adminMessagesEn,
  ...clearanceMessagesEn,
  ...anonymousMessagesEn,
  ...mfaMessagesEn,
  ...passwordMessagesEn,
} as const;

export type ValidationMessageKey = keyof typeof validationMessagesEn;

/** Names a schema's message by key, checked at compile time. */
export const msg = (key: ValidationMessageKey) => ({ error: key });
