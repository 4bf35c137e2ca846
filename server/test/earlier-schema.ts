import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/paths';

/**
 * A migrations folder holding the migrations up to and including `lastTag` (an earlier version's schema), for
 * tests of an upgrade: a database migrated with it, given rows, then opened as the current version opens it.
 */
export function migrationsUpTo(lastTag: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
