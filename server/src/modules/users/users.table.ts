import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BRANCHES, IDENTITY_COLLISION_RESOLUTIONS, IDENTITY_TYPES, ROLES } from '@pes/contracts';
import { stations } from '../stations/stations.table';

export const roleEnum = pgEnum('role', ROLES);
export const branchEnum = pgEnum('branch', BRANCHES);
export const identityTypeEnum = pgEnum('identity_type', IDENTITY_TYPES);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    stationId: integer('station_id').references(() => stations.id),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    // The admin's users table: search by username prefix, in the order of the username (byte order), then id
    // (users.search.ts); and keyset pages of active users by id (by role too).
    index('users_username_order_idx').on(sql`lower(${t.username}) collate "C"`, t.id),
    index('users_active_role_idx')
      .on(t.role, t.id)
      .where(sql`${t.active}`),
    // The deactivated accounts' list (and its count), by role too: few rows, kept apart from the active ones.
    index('users_deactivated_role_idx')
      .on(t.role, t.id)
      .where(sql`not ${t.active}`),
  ],
);

export const citizenProfiles = pgTable(
  'citizen_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    email: text('email').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    identityType: identityTypeEnum('identity_type').notNull(),
    identityNumber: text('identity_number').notNull(),
    address: text('address').notNull(),
    maritalStatus: text('marital_status').notNull(),
    identityPhotoFrontId: integer('identity_photo_front_id'),
    identityPhotoBackId: integer('identity_photo_back_id'),
    livePhotoId: integer('live_photo_id'),
    /**
     * Set on the newer account of a pair that shared one NIC in its two forms before NICs were normalised
     * (identity_collisions): the pair stays until an administrator resolves it. Null for every other account.
     */
    identityCollisionId: integer('identity_collision_id').references(() => identityCollisions.id),
  },
  (t) => [
    // One account per identity number (a NIC in its 12-digit form), except the listed pairs from before.
    uniqueIndex('citizen_identity_uq').on(t.identityType, sql`upper(${t.identityNumber})`, sql`coalesce(${t.identityCollisionId}, 0)`),
    // The admin's search by name prefix, each in the order it lists the matches (byte order, then id; users.search.ts):
    // first name or both ("Kamal Per"), second name (surname first: "Perera Amal", "Perera Kamal")...
    index('citizen_full_name_order_idx').on(sql`lower(${t.firstName} || ' ' || ${t.secondName}) collate "C"`, t.userId),
    index('citizen_second_name_order_idx').on(sql`lower(${t.secondName} || ' ' || ${t.firstName}) collate "C"`, t.userId),
    // ...and by identity number (NIC or passport) prefix, whatever its letter case.
    index('citizen_identity_number_order_idx').on(sql`upper(${t.identityNumber}) collate "C"`, t.userId),
  ],
);

export const officers = pgTable(
  'officers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fullName: text('full_name').notNull(),
    /** The officer's ID as the police issue it (the spec's officer_id). */
    officerCode: text('officer_id').notNull(),
    badgeNumber: text('badge_number').notNull(),
    rank: text('rank'),
    branch: branchEnum('branch').notNull(),
  },
  (t) => [
    uniqueIndex('officers_user_uq').on(t.userId),
    uniqueIndex('officers_officer_id_uq').on(sql`upper(${t.officerCode})`),
    index('officers_branch_idx').on(t.branch),
    // The workload table's pages: officers by name (keyset on name then id).
    index('officers_name_idx').on(t.fullName, t.id),
    index('officers_full_name_order_idx').on(sql`lower(${t.fullName}) collate "C"`, t.userId),
  ],
);

/**
 * Pairs of accounts that share one identity number: a NIC's two forms were two accounts until NICs were kept in
 * their 12-digit form (migration 0029). Listed, not merged: an administrator looks at both and resolves the pair.
 */
export const identityCollisions = pgTable(
  'identity_collisions',
  {
    id: serial('id').primaryKey(),
    identityType: identityTypeEnum('identity_type').notNull(),
    identityNumber: text('identity_number').notNull(),
    /** The older account (signed up first) and the newer one. */
    firstUserId: integer('first_user_id')
      .notNull()
      .references(() => users.id),
    secondUserId: integer('second_user_id')
      .notNull()
      .references(() => users.id),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolution: text('resolution', { enum: IDENTITY_COLLISION_RESOLUTIONS }),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_collisions_second_user_uq').on(t.secondUserId),
    // The administrator's list of open pairs, by id.
    index('identity_collisions_open_idx')
      .on(t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
