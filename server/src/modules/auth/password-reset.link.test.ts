import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createPasswordResetService } from './password-reset.service';
import { passwordResetTokens } from './password-reset.token';
import type { PasswordsRepository } from './passwords.repository';

/** The link is made when its message is sent: from the account as it is then, never from anything stored. */
describe('the reset link made at sending', () => {
  const tokens = passwordResetTokens('a-test-secret-a-test-secret-a-test-secret');
  const NOW = 1_800_000_000_000;
  let account = { id: 7, username: 'kamal', role: 'citizen' as const, branch: null, passwordHash: '$argon2id$old', active: true, names: [] as string[] };
  const service = createPasswordResetService({
    db: {} as Database,
    users: {
      findByUsername: async () => undefined,
      contactOf: async () => undefined,
      credentialsOf: async () => account,
      replacePasswordHash: async () => false,
    },
    tokens,
    events: { record: async () => {} },
    passwords: {} as PasswordsRepository,
    principals: { forgetUser: () => {} },
    audit: { record: async () => {} },
    publicUrl: 'https://eservices.police.lk/',
    now: () => NOW,
  });
  const about = (expiresAt: number, hash = '$argon2id$old') => `password-reset:${expiresAt}:${tokens.binding(7, hash)}`;
  const future = NOW / 1000 + 600;

  it('is a link to the reset page whose token verifies against the current password hash', async () => {
    const link = await service.linkFor({ recipientUserId: 7, about: about(future) });
    expect(link).toMatch(/^https:\/\/eservices\.police\.lk\/reset-password\?token=7\.\d+\.[A-Za-z0-9_-]{43}$/);
    const claimed = tokens.parse(new URL(link!).searchParams.get('token')!)!;
    expect(claimed).toMatchObject({ userId: 7, expiresAt: future });
    expect(tokens.verify(claimed, '$argon2id$old')).toBe(true);
    expect(tokens.verify(claimed, '$argon2id$new')).toBe(false);
  });

  it('is not made once the link has expired (the message is then not sent)', async () => {
    expect(await service.linkFor({ recipientUserId: 7, about: about(NOW / 1000) })).toBeUndefined();
  });

  it('is not made when the password changed since the request, nor for a deactivated account', async () => {
    expect(await service.linkFor({ recipientUserId: 7, about: about(future, '$argon2id$older') })).toBeUndefined();
    account = { ...account, active: false };
    expect(await service.linkFor({ recipientUserId: 7, about: about(future) })).toBeUndefined();
    account = { ...account, active: true };
  });

  it('is not made from a message about something else', async () => {
    expect(await service.linkFor({ recipientUserId: 7, about: null })).toBeUndefined();
    expect(await service.linkFor({ recipientUserId: 7, about: `complaint:12` })).toBeUndefined();
  });
});
