/**
 * Drafts of long forms, kept in this tab's session storage so that a reload, a trip through the sign-in page
 * (the session ended) or a slip of the Back button does not lose what was typed. Never kept: files and photos
 * (they cannot be stored as text, and should not be), and the fields a form names as excluded (passwords).
 * A draft belongs to one form and, where someone is signed in, to that account: another account signing in
 * on the same tab never sees it. Signing out removes every draft of the tab.
 */
const PREFIX = 'pes.draft.';
/** Separates the form from the account in a key: `pes.draft.<form>@<account>`. */
const OWNER = '@';

type DraftOwner = string | number | null | undefined;

/** The storage key of a form's draft for the signed-in account (none for a signed-out visitor). */
export function draftKey(form: string, owner?: DraftOwner) {
  return owner === null || owner === undefined || owner === '' ? `${PREFIX}${form}` : `${PREFIX}${form}${OWNER}${owner}`;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage blocked (some privacy settings throw on access): forms work, only without drafts.
    return null;
  }
}

function isFile(value: unknown) {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/**
 * What of `values` may be kept: every field but the excluded ones, files and photos left out at any depth.
 * Undefined fields are left out too (JSON has no undefined).
 */
export function keepable<T extends Record<string, unknown>>(values: T, exclude: ReadonlyArray<keyof T> = []): Partial<T> {
  const strip = (value: unknown): unknown => {
    if (isFile(value)) return undefined;
    if (Array.isArray(value)) return value.map((item) => (isFile(item) ? null : strip(item)));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const kept = strip(v);
        if (kept !== undefined) out[k] = kept;
      }
      return out;
    }
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (exclude.includes(name as keyof T)) continue;
    const kept = strip(value);
    if (kept !== undefined) out[name] = kept;
  }
  return out as Partial<T>;
}

/** A value as compared for "was anything typed": empty text, null, undefined and false all count as nothing. */
function blank(value: unknown): unknown {
  if (value === undefined || value === null || value === false || value === '') return '';
  if (isFile(value)) return value;
  if (Array.isArray(value)) return value.map(blank);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, blank(v)] as const)
        .filter(([, v]) => v !== '')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isFile(a) || isFile(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return keysA.length === keysB.length && keysA.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** Whether the form holds anything the user typed or chose: any field (excluded ones included) differs from `empty`. */
export function hasInput<T extends Record<string, unknown>>(values: T, empty: Partial<T>): boolean {
  const names = new Set([...Object.keys(values), ...Object.keys(empty)]);
  for (const name of names) {
    if (!same(blank(values[name]), blank(empty[name]))) return true;
  }
  return false;
}

/** The kept draft under `key`, or null (none, unreadable, or not an object). */
export function readDraft<T extends Record<string, unknown>>(key: string): Partial<T> | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** Keeps `values` (already made keepable) under `key`. */
export function writeDraft(key: string, values: Record<string, unknown>) {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full: the form still works; only the draft is not kept.
  }
}

export function removeDraft(key: string) {
  try {
    storage()?.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

function draftKeys(): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** Whether this tab keeps a draft of any signed-in account's form (one the session that just ended was filling). */
export function hasAccountDrafts() {
  return draftKeys().some((key) => key.lastIndexOf(OWNER) > PREFIX.length);
}

let signOuts = 0;

/** How many times this tab has signed out: a form opened before the last sign-out no longer asks before it is left. */
export function signOutCount() {
  return signOuts;
}

/** On signing out: nothing typed in this tab is left for the next person. */
export function clearAllDrafts() {
  signOuts += 1;
  for (const key of draftKeys()) removeDraft(key);
}

/**
 * On signing in as `owner`: the drafts of any other account (one whose session ended here) are removed, so
 * a different person signing in on this tab never sees them. Drafts of signed-out forms stay.
 */
export function clearOtherAccountsDrafts(owner: DraftOwner) {
  const mine = owner === null || owner === undefined ? null : `${OWNER}${owner}`;
  for (const key of draftKeys()) {
    const at = key.lastIndexOf(OWNER);
    if (at > PREFIX.length && key.slice(at) !== mine) removeDraft(key);
  }
}
