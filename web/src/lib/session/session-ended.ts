import { hasAccountDrafts } from '../drafts/drafts';
import { rememberReturnPath } from './return-path';

/**
 * A session that ends while the user is on a page (a 401: it expired, or was signed out in another tab).
 * The API client records it here before it sends the browser to the area's sign-in page; that page shows a
 * notice (saying whether an open form was kept as a draft) and, after signing in, returns to the page.
 */
const KEY = 'pes.sessionEnded';

interface SessionEndedNotice {
  /** The page the user was on (where signing in returns to). */
  path: string;
  /** Whether a form with input was open (or, on a reload, its draft is waiting): it is kept for the return. */
  formKept: boolean;
}

let openForm: (() => boolean) | null = null;
let leavingForSignIn = false;

/** A form whose draft is kept tells whether it holds input; the returned function unregisters it. */
export function registerOpenForm(hasInput: () => boolean) {
  openForm = hasInput;
  return () => {
    if (openForm === hasInput) openForm = null;
  };
}

/** Called once on a 401: remembers the page and whether a form's input was kept, for the sign-in page. */
export function recordSessionEnded(path: string) {
  leavingForSignIn = true;
  // On a page that is reloading, the form is not mounted yet, but its draft is in the tab.
  const notice: SessionEndedNotice = { path, formKept: (openForm?.() ?? false) || hasAccountDrafts() };
  rememberReturnPath(path);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage unavailable: the sign-in page simply shows no notice.
  }
}

/** The browser is on its way to the sign-in page: the leave-page warning must not stop it (the draft is kept). */
export function isLeavingForSignIn() {
  return leavingForSignIn;
}

/** The recorded notice, if any (left in place: the sign-in page removes it with `dismissSessionEnded`). */
export function peekSessionEnded(): SessionEndedNotice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionEndedNotice>;
    return typeof parsed.path === 'string' ? { path: parsed.path, formKept: parsed.formKept === true } : null;
  } catch {
    return null;
  }
}

export function dismissSessionEnded() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to remove.
  }
}
