import { CLEARANCE_DOCUMENTS, type ClearanceDocument } from '@pes/contracts';

export interface DocumentEntry {
  /** A known document name (police-and-admin.md §3), or another name the map holds. */
  name: string;
  known: boolean;
  url: string;
}

const isKnown = (name: string): name is ClearanceDocument => (CLEARANCE_DOCUMENTS as readonly string[]).includes(name);

/**
 * The uploads map (document name → URL) as a list: the known documents in the form's order, then any
 * others by name. The map may arrive as JSON text (§3); anything that is not a name with a text URL is left out.
 */
export function documentEntries(uploads: unknown): DocumentEntry[] {
  let map = uploads;
  if (typeof map === 'string') {
    try {
      map = JSON.parse(map);
    } catch {
      return [];
    }
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  const entries = Object.entries(map as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
  const rank = (name: string) => (isKnown(name) ? CLEARANCE_DOCUMENTS.indexOf(name) : CLEARANCE_DOCUMENTS.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)).map(([name, url]) => ({ name, known: isKnown(name), url }));
}
