import { z } from 'zod';
import { IDENTITY_TYPES } from './enums';
import { msg } from './messages';
import { keysetCursor } from './common';

// Accounts that share one identity number: two forms of one NIC ("511521766V" and "195115201766") were two
// accounts until NICs were kept in their 12-digit form. The migration that normalised them listed each such
// pair instead of merging it; an administrator looks at both and resolves it.

/** Pairs per page of the list (there are few: only accounts from before NICs were normalised). */
export const IDENTITY_COLLISIONS_PAGE_SIZE = 25;

/**
 * How a pair is resolved: one account deactivated (someone took another person's NIC, or one person has two
 * accounts: the other stays), or both kept after a look (`reviewed`; the administrator found them rightful).
 */
export const IDENTITY_COLLISION_RESOLUTIONS = ['deactivated_first', 'deactivated_second', 'reviewed'] as const;
export type IdentityCollisionResolution = (typeof IDENTITY_COLLISION_RESOLUTIONS)[number];
export const IDENTITY_COLLISION_STATES = ['open', 'resolved'] as const;

export const identityCollisionsQuerySchema = z.object({
  state: z.enum(IDENTITY_COLLISION_STATES, msg('invalidChoice')).default('open'),
  cursor: keysetCursor({ id: 'int' }),
});

/** One of the pair's accounts: what tells the administrator whose it is (the details page has the photos). */
const collidingAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  date_of_birth: z.string(),
  created_at: z.string(),
  active: z.boolean(),
});

export const identityCollisionSchema = z.object({
  id: z.number().int(),
  identity_type: z.enum(IDENTITY_TYPES),
  identity_number: z.string(),
  detected_at: z.string(),
  /** The older account (signed up first). */
  first: collidingAccountSchema,
  second: collidingAccountSchema,
  resolution: z.enum(IDENTITY_COLLISION_RESOLUTIONS).nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
});
export type IdentityCollision = z.infer<typeof identityCollisionSchema>;

export const identityCollisionsPageSchema = z.object({
  collisions: z.array(identityCollisionSchema),
  next_cursor: z.string().nullable(),
});
export type IdentityCollisionsPage = z.infer<typeof identityCollisionsPageSchema>;

export const resolveIdentityCollisionRequestSchema = z.object({
  resolution: z.enum(IDENTITY_COLLISION_RESOLUTIONS, msg('invalidChoice')),
});
export type ResolveIdentityCollisionRequest = z.infer<typeof resolveIdentityCollisionRequestSchema>;
