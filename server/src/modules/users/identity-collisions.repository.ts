import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { IdentityCollision, IdentityCollisionResolution } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { keyset } from '../../db/keyset';
import { isoInstant } from '../../db/sql';
import { citizenProfiles, identityCollisions, users } from './users.table';

const c = identityCollisions;
const firstUser = alias(users, 'first_user');
const secondUser = alias(users, 'second_user');
const firstProfile = alias(citizenProfiles, 'first_profile');
const secondProfile = alias(citizenProfiles, 'second_profile');
const resolver = alias(users, 'resolver');
/** Open pairs by id from the open-pairs index; resolved ones (kept for the record) newest first. */
const oldestFirst = keyset({ id: c.id, idType: 'int', direction: 'asc' });
const newestFirst = keyset({ id: c.id, idType: 'int', direction: 'desc' });

const account = (u: typeof firstUser | typeof secondUser, p: typeof firstProfile | typeof secondProfile) => ({
  id: u.id,
  username: u.username,
  first_name: p.firstName,
  second_name: p.secondName,
  date_of_birth: p.dateOfBirth,
  created_at: isoInstant(u.createdAt),
  active: u.active,
});

/**
 * Pairs of accounts that share one identity number (users.table.ts, identity_collisions): listed by the migration
 * that kept NICs in their 12-digit form, resolved by an administrator.
 */
export function createIdentityCollisionsRepository(db: Database) {
  const select = (tx: DbOrTx) =>
    tx
      .select({
        id: c.id,
        identity_type: c.identityType,
        identity_number: c.identityNumber,
        detected_at: isoInstant(c.detectedAt),
        first: account(firstUser, firstProfile),
        second: account(secondUser, secondProfile),
        resolution: c.resolution,
        resolved_at: isoInstant(c.resolvedAt),
        resolved_by: resolver.username,
      })
      .from(c)
      .innerJoin(firstUser, eq(firstUser.id, c.firstUserId))
      .innerJoin(firstProfile, eq(firstProfile.userId, c.firstUserId))
      .innerJoin(secondUser, eq(secondUser.id, c.secondUserId))
      .innerJoin(secondProfile, eq(secondProfile.userId, c.secondUserId))
      .leftJoin(resolver, eq(resolver.id, c.resolvedByUserId));

  type Row = Awaited<ReturnType<typeof select>>[number];
  const view = (r: Row): IdentityCollision => {
    const person = (a: Row['first']) => ({
      id: a.id,
      username: a.username,
      full_name: `${a.first_name} ${a.second_name}`,
      date_of_birth: a.date_of_birth,
      created_at: a.created_at,
      active: a.active,
    });
    return { ...r, first: person(r.first), second: person(r.second), resolved_at: r.resolution ? r.resolved_at : null };
  };

  return {
    /** A page of open (or resolved) pairs after `cursor`, one row more than `limit` asks for telling whether more follow. */
    async page(state: 'open' | 'resolved', cursor: string | undefined, limit: number, tx: DbOrTx = db) {
      const order = state === 'open' ? oldestFirst : newestFirst;
      const rows = await select(tx)
        .where(and(state === 'open' ? isNull(c.resolvedAt) : isNotNull(c.resolvedAt), order.after(cursor)))
        .orderBy(...order.orderBy)
        .limit(limit);
      return rows.map(view);
    },

    async find(id: number, tx: DbOrTx = db) {
      const rows = await select(tx).where(eq(c.id, id));
      return rows[0] && view(rows[0]);
    },

    /** The pair locked for its resolution (two administrators resolving it at once queue up). */
    async lock(id: number, tx: DbOrTx) {
      const rows = await tx
        .select({ id: c.id, firstUserId: c.firstUserId, secondUserId: c.secondUserId, resolvedAt: c.resolvedAt })
        .from(c)
        .where(eq(c.id, id))
        .for('update');
      return rows[0];
    },

    async resolve(id: number, resolution: IdentityCollisionResolution, adminUserId: number, tx: DbOrTx) {
      await tx.update(c).set({ resolution, resolvedByUserId: adminUserId, resolvedAt: new Date() }).where(eq(c.id, id));
    },
  };
}
export type IdentityCollisionsRepository = ReturnType<typeof createIdentityCollisionsRepository>;
