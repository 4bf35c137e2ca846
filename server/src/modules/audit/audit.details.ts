import type { AuditEntry } from '@pes/contracts';

/** An entry as stored: everything the API shows but the words derived for it. */
export type StoredAuditEntry = Omit<AuditEntry, 'details'>;

/**
 * What the log's reader is told about records of one kind, by id: named words for the action's sentence (a
 * reference, a person's name, a slot's date and place). Registered by the module that owns the records.
 */
export type AuditDescriber = (ids: string[]) => Promise<Map<string, Record<string, string>>>;

/** The kinds of record an entry can name: its subject's type, its actor (a user) and an officer in its summary. */
export type AuditDescribed = 'user' | 'officer' | 'complaint' | 'clearance' | 'slot' | 'anonymous';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
/** A list of codes (an identity view's documents) as one word the reader's language spells out item by item: comma-separated. */
const codes = (value: unknown) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.join(',') : undefined);
const field = (value: unknown, key: string) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** The words an entry's own summary holds (statuses before and after, a fine's vehicle and amount, ...). */
function summaryWords(summary: Record<string, unknown>): Record<string, string | undefined> {
  const { before, after } = summary;
  return {
    before: text(field(before, 'status') ?? before),
    after: text(field(after, 'status') ?? after),
    how: text(summary.how),
    reason: text(summary.reason),
    // The record a view of a citizen's data concerned (its subject is the citizen).
    reference: text(summary.reference),
    // One document (entries written before views were recorded per page), or the documents a page showed.
    document: text(summary.document) ?? codes(summary.documents),
    vehicle: text(field(after, 'vehicle_number')),
    amount: text(field(after, 'amount')),
    offense: text(field(after, 'offense_type')),
    username: text(field(after, 'username')),
    officer_code: text(field(after, 'officer_id')),
    date: text(field(after, 'date')),
  };
}

const officerRowOf = (entry: StoredAuditEntry) => text(entry.summary.officer_row_id);

/**
 * Each entry with the words of its sentence: looked up once per kind for the whole page (one query each), so a
 * page of 25 costs a handful of indexed reads. Words missing (a describer not registered, a record gone) are
 * left out; the reader then sees the sentence's fallback.
 */
export async function withDetails(entries: StoredAuditEntry[], describers: Map<AuditDescribed, AuditDescriber>): Promise<AuditEntry[]> {
  const wanted = new Map<AuditDescribed, Set<string>>();
  const want = (kind: string, id: string | null | undefined) => {
    if (!id || !describers.has(kind as AuditDescribed)) return;
    const ids = wanted.get(kind as AuditDescribed) ?? new Set<string>();
    ids.add(id);
    wanted.set(kind as AuditDescribed, ids);
  };
  for (const entry of entries) {
    want(entry.subject_type, entry.subject_id);
    if (entry.actor_user_id !== null) want('user', String(entry.actor_user_id));
    want('officer', officerRowOf(entry));
  }
  const found = new Map<AuditDescribed, Map<string, Record<string, string>>>(
    await Promise.all([...wanted].map(async ([kind, ids]) => [kind, await describers.get(kind)!([...ids])] as const)),
  );
  const words = (kind: string, id: string | null | undefined) => (id ? found.get(kind as AuditDescribed)?.get(id) : undefined);
  return entries.map((entry) => {
    const actor = entry.actor_user_id !== null ? words('user', String(entry.actor_user_id)) : undefined;
    const all: Record<string, string | undefined> = {
      ...summaryWords(entry.summary),
      ...words(entry.subject_type, entry.subject_id),
      officer: words('officer', officerRowOf(entry))?.person,
      actor_name: actor?.person ?? entry.actor_username,
    };
    const details = Object.fromEntries(Object.entries(all).filter((pair): pair is [string, string] => pair[1] !== undefined));
    return { ...entry, details };
  });
}
