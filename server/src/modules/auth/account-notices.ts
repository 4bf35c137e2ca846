import type { AccountNotice } from '@pes/contracts';
import type { DomainEvent } from '../jobs/domain-events';
import type { SessionClient } from './auth.repository';
import { addressClass, describeDevice } from './sessions.device';

/** Where a request came from, as it says: the device and network a notice names are read from it. */
export type { SessionClient };

/**
 * The event that tells an account's owner what just happened to it (notifications sends it by e-mail, and SMS where
 * on file, in their language, whatever their message choices): when, and from which browser and system and which
 * network, as the owner's list of signed-in devices shows them (never the address or the User-Agent itself). It
 * carries no secret: no password, code, token or link. Staff accounts hold no address, so theirs reach nobody yet.
 */
export function accountNotice(notice: AccountNotice, account: { id: number; username: string }, client: SessionClient = {}, at = new Date()): DomainEvent {
  return {
    type: 'account.notice',
    userId: account.id,
    username: account.username,
    notice,
    at: at.toISOString(),
    device: describeDevice(client.userAgent),
    network: addressClass(client.ip),
  };
}
