/** The wizard's draft in this tab (kept across the login redirect); removed once the fee is verified. */
export const CLEARANCE_DRAFT_KEY = 'pes.clearance.draft';

export function clearLocalClearanceDraft() {
  try {
    sessionStorage.removeItem(CLEARANCE_DRAFT_KEY);
  } catch {
    // Storage unavailable (private mode): nothing to remove.
  }
}
