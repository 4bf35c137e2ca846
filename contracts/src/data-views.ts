import { SIGNUP_FILE_FIELDS } from './auth';
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
