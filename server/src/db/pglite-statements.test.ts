import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements';

describe('PGlite statement cache', () => {
  let plain: PGlite;
  let cached: PGlite;

  beforeAll(async () => {
    plain = await PGlite.create();
    await plain.exec(`
      create type mood as enum ('calm', 'busy');
      create table t (id serial primary key, name text unique not null, n numeric(8,2), at timestamptz, m mood, flags boolean, data jsonb, tags text[]);
    `);
    cached = withStatementCache(plain, { maxStatements: 3 });
  });
  afterAll(() => plain.close());

  const preparedNames = async () =>
    (await plain.query<{ name: string }>(`select name from pg_prepared_statements where name like 'pes_stmt_%' order by name`)).rows.map((r) => r.name);

  it('answers exactly as PGlite does, in object and array mode, with bound values of every kind', async () => {
    const insert = 'insert into t (name, n, at, m, flags, data, tags) values ($1, $2, $3, $4, $5, $6, $7) returning id';
    const values = ['a', '12.50', new Date('2026-01-02T03:04:05Z'), 'busy', true, { k: [1, 'x'] }, ['p', 'q']];
    const inserted = await cached.query(insert, values);
    expect(inserted.affectedRows).toBe(1);
    await plain.query(insert, ['b', null, null, null, null, null, null]);

    const select = 'select * from t where name = any($1) order by id';
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await plain.query(select, [['a', 'b']], { rowMode });
      const actual = await cached.query(select, [['a', 'b']], { rowMode });
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })));
    }
    // Parsers given per query (drizzle passes some) apply as with PGlite.
    const parsers = { [types.TIMESTAMPTZ]: (v: string) => `raw:${v}` };
    const raw = await cached.query<{ at: string }>('select at from t where name = $1', ['a'], { parsers });
    expect(raw.rows[0]!.at).toMatch(/^raw:2026-01-02/);
  });

  it('prepares each text once and keeps only the most recently used statements', async () => {
    const before = (await preparedNames()).length;
    for (let i = 0; i < 5; i++) await cached.query('select count(*)::int as c from t where id > $1', [i]);
    expect((await preparedNames()).length).toBeLessThanOrEqual(Math.max(before, 1) + 1);

    for (let i = 0; i < 6; i++) {
      const { rows } = await cached.query<{ v: number }>(`select $1::int + ${i} as v`, [10]);
      expect(rows[0]!.v).toBe(10 + i);
    }
    expect((await preparedNames()).length).toBe(3);
  });

  it('reports database errors with their SQLSTATE and keeps working after them', async () => {
    const insert = 'insert into t (name) values ($1)';
    await cached.query(insert, ['dup']);
    await expect(cached.query(insert, ['dup'])).rejects.toMatchObject({ code: '23505' });
    await expect(cached.query('select * from t where m = $1', ['angry'])).rejects.toMatchObject({ code: '22P02' });
    await expect(cached.query('select * from nowhere where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    expect((await cached.query<{ c: number }>('select count(*)::int as c from t where name = $1', ['dup'])).rows[0]!.c).toBe(1);
  });

  it('leaves what cannot be prepared to PGlite, which answers as it always does', async () => {
    const text = 'select 1; select 2';
    const expected = await plain.query(text).catch((err: Error) => err.message);
    await expect(cached.query(text)).rejects.toThrow(String(expected));
    expect((await cached.query('select $1::int as one', [1])).rows).toEqual([{ one: 1 }]);
  });

  it('never runs inside another caller’s transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = cached.transaction(async (t) => {
      await t.query('insert into t (name) values ($1)', ['in-tx']);
      await held;
      await t.rollback();
    });
    const seen = cached.query<{ c: number }>('select count(*)::int as c from t where name = $1', ['in-tx']);
    release();
    await tx;
    expect((await seen).rows[0]!.c).toBe(0);
  });

  it('prepares a statement again when the table it reads changes shape', async () => {
    await plain.exec('create table shape (a int)');
    await plain.exec('insert into shape values (1)');
    const read = 'select * from shape where a = $1';
    expect((await cached.query(read, [1])).rows).toEqual([{ a: 1 }]);
    await plain.exec('alter table shape add column b int default 7');
    expect((await cached.query(read, [1])).rows).toEqual([{ a: 1, b: 7 }]);
    expect((await cached.query(read, [1])).rows).toEqual([{ a: 1, b: 7 }]);
  });
});
