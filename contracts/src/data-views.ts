import { z } from 'zod';
import { SIGNUP_FILE_FIELDS } from './auth';
import { keysetCursor } from './common';
import { BRANCHES, ROLES } from './enums';
import { msg } from './messages';
import { CLEARANCE_DOCUMENTS } from './clearance-fields';

// ---- Staff's views of a person's data ----

/**
 * The documents a view of a person's identity files names: the sign-up's photos by their fields, a clearance
 * application's documents by their kind. A file opened on its own (its address, without a page that showed it) is
 * named by its purpose instead (`citizen_identity`, `clearance_document`).
 */
export const IDENTITY_DOCUMENTS = [...SIGNUP_FILE_FIELDS, ...CLEARANCE_DOCUMENTS] as const;
export type IdentityDocument = (typeof IDENTITY_DOCUMENTS)[number];

/**
 * How long a page that showed a person's identity files covers the reads of those files by the same reader: the
 * page's one audit entry stands for them, and they are not recorded one by one again. Past it, a read is recorded.
 */
export const IDENTITY_VIEW_GRANT_SECONDS = 15 * 60;

/**
 * The audit log's actions that record staff opening a citizen's personal data, which the citizen is shown ("Who has
 * looked at my data?"): their identity photos or an application's documents, a complaint's details (the
 * administrator's), a certificate draft (the Admin Branch's). Each names the citizen as its subject.
 */
export const DATA_VIEW_ACTIONS = ['identity.view', 'complaint.view', 'clearance.draft_view'] as const;
export type DataViewAction = (typeof DATA_VIEW_ACTIONS)[number];

/** What was opened: the sign-up's identity photos, an application's documents, a complaint's details, a certificate draft. */
export const DATA_VIEW_KINDS = ['identity_documents', 'application_documents', 'complaint', 'certificate_draft'] as const;
export type DataViewKind = (typeof DATA_VIEW_KINDS)[number];

/** Entries per page of the citizen's list. */
export const DATA_VIEW_PAGE_SIZE = 20;

/**
 * One time staff opened the citizen's data, as the citizen sees it: when, which branch and station (as it was then),
 * what and for which record. Never who: the officer's name stays in the audit log, for the administrator.
 */
export const dataViewSchema = z.object({
  /** The audit entry's id (what a flag names). */
  id: z.number().int(),
  /** ISO 8601 (UTC). */
  at: z.string(),
  what: z.enum(DATA_VIEW_KINDS),
  /** The documents shown, by kind (IDENTITY_DOCUMENTS), or by purpose for a file opened on its own; empty for the others. */
  documents: z.array(z.string()),
  /** The complaint's or application's reference (CMP-…, PCC-…), if the view concerned one. */
  reference: z.string().nullable(),
  /** The staff member's branch; null for an administrator. */
  branch: z.enum(BRANCHES).nullable(),
  /** Their station's English name (the web shows it in the reader's language); null when not recorded (older entries). */
  station: z.string().nullable(),
  /** The citizen has sent it to the administrators' attention. */
  flagged: z.boolean(),
});
export type DataView = z.infer<typeof dataViewSchema>;

export const dataViewQuerySchema = z.object({ cursor: keysetCursor({ id: 'int' }) });
export const dataViewPageSchema = z.object({ entries: z.array(dataViewSchema), next_cursor: z.string().nullable() });
export type DataViewPage = z.infer<typeof dataViewPageSchema>;
export const dataViewParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const dataViewFlaggedSchema = z.object({ flagged: z.literal(true) });

// ---- The administrators' attention list: views a citizen did not expect ----

export const DATA_VIEW_FLAG_STATES = ['open', 'handled'] as const;
export type DataViewFlagState = (typeof DATA_VIEW_FLAG_STATES)[number];

export const dataViewFlagQuerySchema = z.object({
  state: z.enum(DATA_VIEW_FLAG_STATES, msg('invalidChoice')).default('open'),
  cursor: keysetCursor({ id: 'int' }),
});

/** A view a citizen flagged ("this was not me / I did not expect this"), with the account and the audit entry (who, for the administrator). */
export const dataViewFlagSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 (UTC). */
  flagged_at: z.string(),
  handled_at: z.string().nullable(),
  /** The administrator who marked it handled. */
  handled_by: z.string().nullable(),
  account: z.object({ id: z.number().int(), username: z.string(), person: z.string().nullable() }),
  view: dataViewSchema.omit({ flagged: true }).extend({
    /** Who opened it (the audit log's actor). */
    actor_username: z.string(),
    actor_role: z.enum(ROLES).nullable(),
  }),
});
export type DataViewFlag = z.infer<typeof dataViewFlagSchema>;
export const dataViewFlagPageSchema = z.object({ flags: z.array(dataViewFlagSchema), next_cursor: z.string().nullable() });
export type DataViewFlagPage = z.infer<typeof dataViewFlagPageSchema>;
export const dataViewFlagParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
