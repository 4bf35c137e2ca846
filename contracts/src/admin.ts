import { z } from 'zod';
import { BRANCHES, IDENTITY_TYPES, ROLES } from './enums';
import { msg } from './messages';
import { complaintSchema } from './complaints';
import { cappedCountShape, isoDate, keysetCursor } from './common';

// The administrator's area: users, their complaints, the officer workload and the audit log.

/** Rows per page of the users table and of the audit log. */
export const ADMIN_PAGE_SIZE = 25;
/** Longest search text (a username or a name prefix). */
export const USER_SEARCH_MAX = 100;

/** A keyset cursor: the last row's id. */
const cursorSchema = keysetCursor({ id: 'int' });
/** The longest sort key a users page's cursor carries (a name, username or identity number as the search matched it). */
export const USER_SORT_KEY_MAX = 500;
/**
 * The users table's cursor: the last row's id; after a search, whose matches come by the text they matched
 * (alphabetically, then by id), that text and the id: `<key>_<id>`.
 */
const USER_CURSOR = new RegExp(String.raw`^(?:([\s\S]{1,${USER_SORT_KEY_MAX}})_)?([1-9]\d{0,9})$`);
const userCursorSchema = z
  .string()
  .regex(USER_CURSOR, msg('invalidCursor'))
  .refine((cursor) => Number(USER_CURSOR.exec(cursor)?.[2]) <= 2_147_483_647, msg('invalidCursor'))
  .optional();

/** A users page's cursor read back: the sort key (after a search) and the id. */
export function parseUserCursor(cursor: string): { key?: string; id: number } {
  const [, key, id] = USER_CURSOR.exec(cursor)!;
  return { key, id: Number(id) };
}

/** Which accounts the users table lists: the active ones (by default), or the deactivated ("deleted") ones. */
export const USER_STATES = ['active', 'deactivated'] as const;
export type UserState = (typeof USER_STATES)[number];

export const adminUsersQuerySchema = z
  .object({
    search: z.string().trim().max(USER_SEARCH_MAX, msg('tooLong')).optional(),
    role: z.enum(ROLES, msg('invalidChoice')).optional(),
    state: z.enum(USER_STATES, msg('invalidChoice')).default('active'),
    cursor: userCursorSchema,
  })
  // A search's pages go by sort key and id, the whole list's by id alone: a cursor of the other kind is not one of this list's.
  .refine((q) => q.cursor === undefined || !USER_CURSOR.test(q.cursor) || (parseUserCursor(q.cursor).key !== undefined) === Boolean(q.search), {
    ...msg('invalidCursor'),
    path: ['cursor'],
  });

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  /** Citizens: first and second name; officers: full name; administrators: null. */
  name: z.string().nullable(),
  branch: z.enum(BRANCHES).nullable(),
  station: z.string().nullable(),
  /** ISO 8601 (UTC); null for an active account. */
  deactivated_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  /** The next page's cursor, or null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many accounts match the search, role and state (every page together), up to LIST_COUNT_CAP. */
  ...cappedCountShape,
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

const photoSchema = z.object({ url: z.string() }).nullable();

export const adminUserDetailsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  station: z.string().nullable(),
  created_at: z.string(),
  citizen: z
    .object({
      first_name: z.string(),
      second_name: z.string(),
      date_of_birth: z.string(),
      email: z.string(),
      mobile_number: z.string(),
      identity_type: z.enum(IDENTITY_TYPES),
      identity_number: z.string(),
      address: z.string(),
      marital_status: z.string(),
      identity_photo_front: photoSchema,
      identity_photo_back: photoSchema,
      live_photo: photoSchema,
    })
    .nullable(),
  officer: z
    .object({
      id: z.number().int(),
      full_name: z.string(),
      officer_id: z.string(),
      badge_number: z.string(),
      rank: z.string().nullable(),
      branch: z.enum(BRANCHES),
    })
    .nullable(),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

export const adminCitizenComplaintsSchema = z.object({ current: z.array(complaintSchema), past: z.array(complaintSchema) });
export type AdminCitizenComplaints = z.infer<typeof adminCitizenComplaintsSchema>;

export const deleteUserResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const reactivateUserResponseSchema = z.object({ success: z.literal(true), message: z.string() });

// ---- Workload (spec §4, §9) ----

export const WORKLOAD_CLASSES = ['pending', 'in_progress', 'completed', 'other'] as const;
export type WorkloadClass = (typeof WORKLOAD_CLASSES)[number];
export const WORKLOAD_STATUSES = ['overloaded', 'balanced', 'under-utilized'] as const;
export type WorkloadStatus = (typeof WORKLOAD_STATUSES)[number];
export const DEFAULT_OVERLOADED_ABOVE = 8;
export const DEFAULT_UNDERUTILIZED_BELOW = 2;

/** The workload class of a complaint status (spec §4; the database's `workload_class` function says the same). */
export function workloadClass(status: string): WorkloadClass {
  const s = status.toLowerCase();
  if (s.includes('progress')) return 'in_progress';
  if (s.includes('pending') || s.includes('assigned')) return 'pending';
  if (s.includes('resolved') || s.includes('closed') || s.includes('completed')) return 'completed';
  return 'other';
}

/** Overloaded when pending plus in progress exceeds the upper threshold; else under-utilized when total is below the lower one. */
export function workloadStatus(
  row: { total: number; pending: number; in_progress: number },
  overloadedAbove: number,
  underutilizedBelow: number,
): WorkloadStatus {
  if (row.pending + row.in_progress > overloadedAbove) return 'overloaded';
  if (row.total < underutilizedBelow) return 'under-utilized';
  return 'balanced';
}

const threshold = (fallback: number) =>
  z.coerce
    .number(msg('thresholdInvalid'))
    .int(msg('thresholdInvalid'))
    .min(0, msg('thresholdInvalid'))
    .max(1_000_000, msg('thresholdInvalid'))
    .default(fallback);

/** Officers per page of the workload table. */
export const WORKLOAD_PAGE_SIZE = 25;
/** Longest station name a filter accepts (English, as the stations list names them). */
const STATION_NAME_MAX = 120;

export const workloadQuerySchema = z.object({
  branch: z.enum(BRANCHES, msg('invalidChoice')).optional(),
  /** Only the officers of this station (its English name); every station when absent. */
  station: z.string().trim().min(1, msg('invalidChoice')).max(STATION_NAME_MAX, msg('tooLong')).optional(),
  overloaded_above: threshold(DEFAULT_OVERLOADED_ABOVE),
  underutilized_below: threshold(DEFAULT_UNDERUTILIZED_BELOW),
  /** Only the officers of this status (spec §4: over, under or balanced at the thresholds given). */
  status: z.enum(WORKLOAD_STATUSES, msg('invalidChoice')).optional(),
  /** The next_cursor of the page before (its last officer's id): the officers after it by name. */
  cursor: cursorSchema,
});

export const workloadRowSchema = z.object({
  officer_row_id: z.number().int(),
  officer: z.string(),
  branch: z.enum(BRANCHES),
  station: z.string(),
  total: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  other: z.number().int(),
  status: z.enum(WORKLOAD_STATUSES),
});
export type WorkloadRow = z.infer<typeof workloadRowSchema>;
/** One page of active officers by name, with their work, and how many officers the filters find (capped). */
export const workloadResponseSchema = z.object({
  rows: z.array(workloadRowSchema),
  /** How many officers the filters find, up to LIST_COUNT_CAP. */
  ...cappedCountShape,
  page_size: z.number().int(),
  /** The cursor of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** ISO 8601 (UTC): the moment the counts were read (they are kept as the work changes, so exact then). */
  as_of: z.string(),
});
export type WorkloadPage = z.infer<typeof workloadResponseSchema>;

// ---- Audit log ----

export const AUDIT_ACTIONS = [
  'slot.create',
  'slot.delete',
  'slot.assign_officer',
  'slot.remove_officer',
  'officer.create',
  'user.delete',
  'user.reactivate',
  'complaint.status',
  /** An officer marked (or corrected) whether the citizen came to a complaint's appointment. */
  'complaint.attendance',
  'fine.issue',
  'clearance.status',
  'clearance.certificate',
  'anonymous.status',
  'auth.sign_in',
  'auth.sign_in_refused',
  /** Staff's second factor: set up (first sign-in), a recovery code used, reset by an administrator. */
  'auth.mfa_set_up',
  'auth.mfa_recovery_code_used',
  'auth.mfa_reset',
  /** Locked after repeated lockouts for wrong codes, until an administrator resets it (mfa.service.ts). */
  'auth.mfa_locked',
  /** A citizen closed their own account (deactivated as an administrator's deletion does). */
  'account.close',
  /** A staff member's password changed by themselves (signed in), or set again through a reset link. */
  'auth.password_changed',
  'auth.password_reset',
  /** A citizen's identity photos or clearance documents opened by someone else (staff): one entry per page that showed them. */
  'identity.view',
  /** A pair of accounts sharing one NIC (its two forms, before NICs were normalised) resolved by an administrator. */
  'identity.collision_resolve',
  /** A citizen's complaint's details opened by an administrator. */
  'complaint.view',
  /** A citizen's certificate draft opened by the Admin Branch. */
  'clearance.draft_view',
  /** A citizen sent a view of their data to the administrators' attention ("this was not me / I did not expect this"). */
  'data_view.flag',
  /** An administrator marked such a flag handled. */
  'data_view.flag_handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({
  /** The actor's username (any letter case). */
  actor: z.string().trim().max(USER_SEARCH_MAX, msg('tooLong')).optional(),
  action: z.enum(AUDIT_ACTIONS, msg('invalidChoice')).optional(),
  /** Colombo calendar days, both included. */
  from: isoDate('invalidDate').optional(),
  to: isoDate('invalidDate').optional(),
  cursor: cursorSchema,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601 (UTC) */
  at: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_username: z.string(),
  actor_role: z.enum(ROLES).nullable(),
  actor_branch: z.enum(BRANCHES).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  /**
   * What the entry is about, in words the reader's language fills in (`admin:audit.describe.<action>`): the
   * people and references concerned (`actor_name`, `reference`, `person`, `officer`, `slot`, ...), derived when
   * the log is read, so entries written before keep their stored form (and their hash) unchanged.
   */
  details: z.record(z.string(), z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * An entry of the chain recorded earlier, outside the database (from an earlier answer's `head`): the
 * verification then also proves that the chain still reaches it with the same hash, so entries removed from
 * the end, or a chain recomputed after an edit, are found too. Both or neither.
 */
export const auditVerifyQuerySchema = z
  .object({
    anchor_position: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, msg('invalidAnchor'))
      .transform(Number)
      .optional(),
    anchor_hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, msg('invalidAnchor'))
      .optional(),
  })
  .refine((q) => (q.anchor_position === undefined) === (q.anchor_hash === undefined), { ...msg('invalidAnchor'), path: ['anchor_hash'] });

/** Where a full walk of the chain from its first entry stands: asked for (nightly, or by an administrator), running, done. */
export const AUDIT_WALK_STATES = ['never', 'queued', 'running', 'done'] as const;
/** How the chain was found broken: an entry that does not follow; the last verified entry gone or changed; a row outside the chain. */
export const AUDIT_BREAK_KINDS = ['entry', 'checkpoint', 'unchained'] as const;

/**
 * The audit log's hash chain as the verification jobs left it (GET /api/admin/audit-log/verify): no request walks
 * the chain. A job verifies the entries appended since the last verified one (every minute), and a full walk from
 * the first entry runs nightly or when an administrator asks for it.
 */
export const auditVerificationSchema = z.object({
  /** No break known (and the anchor, if given, holds). */
  ok: z.boolean(),
  /** Entries verified in chain order: the position of the last verified entry. */
  checked: z.number().int(),
  /** When the verification last reached the newest entry (or stopped at a break); null before its first run. */
  verified_at: z.string().nullable(),
  /** The last verified entry (null before any): kept outside the database, it anchors a later check. */
  head: z.object({ position: z.number().int(), hash: z.string() }).nullable(),
  /** Where the chain is broken (reported until the rows are put back): the entry, or null when entries were removed from its end. */
  first_bad_id: z.number().int().nullable(),
  /** That entry as it stands now (what it says may be what someone changed it to). */
  first_bad_entry: auditEntrySchema.nullable(),
  /** The break: how, when and by which check it was found; null when none is known. */
  break: z
    .object({
      kind: z.enum(AUDIT_BREAK_KINDS),
      position: z.number().int().nullable(),
      found_at: z.string(),
      found_by: z.enum(['step', 'full_walk']),
    })
    .nullable(),
  /** The anchor given: whether the entry at its position still has its hash (null without one). */
  anchor: z.enum(['holds', 'differs', 'missing']).nullable(),
  /** The full walk from the first entry: its progress (entries walked of the chain's length when it started) and result. */
  full_walk: z.object({
    state: z.enum(AUDIT_WALK_STATES),
    requested_at: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    checked: z.number().int(),
    total_estimate: z.number().int(),
    /** Done: whether every entry was in place (null otherwise); the first that was not. */
    ok: z.boolean().nullable(),
    first_bad_id: z.number().int().nullable(),
  }),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
export type AuditWalkState = (typeof AUDIT_WALK_STATES)[number];
export type AuditBreakKind = (typeof AUDIT_BREAK_KINDS)[number];
