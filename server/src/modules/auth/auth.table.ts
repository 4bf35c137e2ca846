import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/** One row per issued token; logout and deactivation revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A staff session's last request, written at most once a minute (session-idle.ts): idle ones end. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser and system the session signed in with, read from its User-Agent ("Firefox 133 on Android"). */
    device: text('device'),
    /** The network it signed in from (IPv4 /24, IPv6 /48), never the address: the owner's "signed-in devices". */
    addressClass: text('address_class'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempts per key in a fixed window, shared by all instances. Each attempt is reserved here (one
 * upsert ... returning) before its password is checked; keys: "user:<name>@<address>", "ip:<address>" and
 * "user-new:<name>" (attempts from addresses the account has never signed in from).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    /**
     * The account a second-step key counts against ("mfa:<id>@<address>", "mfa:<id>"): the keys are hashes, so an
     * administrator's reset of the second step finds the account's counters (every address's) by this to clear them.
     */
    userId: integer('user_id'),
  },
  (t) => [
    index('login_failures_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

/**
 * Addresses an account has signed in from (a hash of the address, never the address): a correct password
 * from one of them is not blocked by failures elsewhere.
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/**
 * The devices an account signed in from: a keyed hash (ADDRESS_HASH_SECRET) of the browser and system, versions
 * ignored ("Firefox on Android"), with the network (IPv4 /24, IPv6 /48), never the User-Agent or the address. A
 * sign-in from one not seen for the account in 90 days is a new device: its owner is told (account notices).
 */
export const loginKnownDevices = pgTable(
  'login_known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Instance-independent settings, such as the development token secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
