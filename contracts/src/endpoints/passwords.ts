import {
  changePasswordRequestSchema,
  passwordChangedAnswerSchema,
  passwordResetConfirmSchema,
  passwordResetRequestAnswerSchema,
  passwordResetRequestSchema,
} from '../passwords';
import { endpoint } from './define';

export const passwordEndpoints = {
  /** Any signed-in user: the current password, then the new one; every other session of the account ends. */
  change: endpoint({ method: 'POST', path: '/me/password', body: changePasswordRequestSchema, status: 200, answer: passwordChangedAnswerSchema }),
  /** Sends a one-time link to the account's e-mail (SMS without one); the same answer for any username. */
  resetRequest: endpoint({
    method: 'POST',
    path: '/auth/password-reset/request',
    body: passwordResetRequestSchema,
    status: 202,
    answer: passwordResetRequestAnswerSchema,
  }),
  /** Sets the password from the link's token; every session of the account ends. */
  resetConfirm: endpoint({
    method: 'POST',
    path: '/auth/password-reset/confirm',
    body: passwordResetConfirmSchema,
    status: 200,
    answer: passwordChangedAnswerSchema,
  }),
};
