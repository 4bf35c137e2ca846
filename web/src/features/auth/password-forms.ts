import { z } from 'zod';
import { changePasswordRequestSchema, msg, passwordResetConfirmSchema, passwordResetRequestSchema } from '@pes/contracts';

/** The new password typed a second time: the forms check it here, the server never sees it. */
const confirmation = z.string(msg('required')).min(1, msg('required'));
const sameTwice = <T extends { confirm_password: string }>(v: T & { new_password?: string; password?: string }) =>
  (v.new_password ?? v.password) === v.confirm_password;
const differ = { message: 'passwordsDiffer', path: ['confirm_password'] };

/** The change-password form: the request's fields and the confirmation. */
export const changePasswordFormSchema = changePasswordRequestSchema.extend({ confirm_password: confirmation }).refine(sameTwice, differ);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The reset form: the new password and its confirmation (the token comes from the link). */
export const resetPasswordFormSchema = passwordResetConfirmSchema.pick({ password: true }).extend({ confirm_password: confirmation }).refine(sameTwice, differ);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const forgotPasswordFormSchema = passwordResetRequestSchema;
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The token of a reset link (`?token=…`), or null when the link has none. */
export function resetTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}
