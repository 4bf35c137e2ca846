import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle's migrator applies only the migrations whose journal time is later than the last one a database has
 * recorded: a migration generated in a branch earlier than one merged before it would be skipped on every database
 * already past that one. So the journal's times rise with its order, and its files are the journal's.
 */
describe('the migrations journal', () => {
  const folder = path.resolve(import.meta.dirname, '../drizzle');
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; when: number; tag: string }>;
  };

  it('numbers its migrations in order, each later than the one before', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when, `${entry.tag} is not later than ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('names every SQL file of the folder, and only those', () => {
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
  });
});
