import { draftKey, removeDraft } from '../../lib/drafts/drafts';

/**
 * The wizard's draft in this tab, kept through the shared draft facility: it survives the trip through the
 * sign-in page (the wizard asks to sign in at the documents step, so the draft is not tied to an account;
 * a signed-in citizen's draft is also kept on the server), and goes on sign-out with every other draft.
 * Removed once the fee is verified.
 */
export const CLEARANCE_DRAFT_KEY = draftKey('clearance');

export function clearLocalClearanceDraft() {
  removeDraft(CLEARANCE_DRAFT_KEY);
}
