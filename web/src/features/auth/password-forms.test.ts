import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, resetPasswordFormSchema, resetTokenFrom } from './password-forms';

/** The first message per field, as the form shows it. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) first[i.path.join('.')] ??= i.message;
  return first;
}

describe('password forms', () => {
  it('the change form asks for the new password twice, the same', () => {
    const base = { current_password: 'Old-Secret-1', new_password: 'Lotus-Pond-2026' };
    expect(changePasswordFormSchema.safeParse({ ...base, confirm_password: 'Lotus-Pond-2026' }).success).toBe(true);
    expect(issues(changePasswordFormSchema.safeParse({ ...base, confirm_password: 'Lotus-Pond-2025' }))).toEqual({ confirm_password: 'passwordsDiffer' });
    expect(issues(changePasswordFormSchema.safeParse({ current_password: '', new_password: '', confirm_password: '' }))).toEqual({
      current_password: 'required',
      new_password: 'required',
      confirm_password: 'required',
    });
  });

  it('the reset form compares its password with the confirmation, and keeps the contract rules', () => {
    expect(resetPasswordFormSchema.safeParse({ password: 'Sigiriya-Rock-77', confirm_password: 'Sigiriya-Rock-77' }).success).toBe(true);
    expect(issues(resetPasswordFormSchema.safeParse({ password: 'Sigiriya-Rock-77', confirm_password: 'Sigiriya-Rock-78' }))).toEqual({
      confirm_password: 'passwordsDiffer',
    });
    expect(issues(resetPasswordFormSchema.safeParse({ password: '      ', confirm_password: '      ' }))).toEqual({ password: 'passwordBlank' });
  });

  it('reads the token of a reset link', () => {
    expect(resetTokenFrom('?token=12.1790000000.abc_DEF-1')).toBe('12.1790000000.abc_DEF-1');
    expect(resetTokenFrom('?token=')).toBeNull();
    expect(resetTokenFrom('')).toBeNull();
  });
});
