import pg from 'pg';
import { LIST_COUNT_CAP } from '@pes/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillNational } from '../../bench/national-data.mjs';
import { ENDPOINTS, endpointContext, type EndpointContext, type NationalEndpoint, type Session } from '../../bench/national-endpoints.mjs';
import { startTestApp, TEST_ADMIN, type TestApp } from './harness';
import { bearer, login, signInAdmin } from './helpers';

/**
 * The plans of the pages' queries on a data set shaped like the national one (issue 43), at 200,000 fines: each case
 * asks one endpoint of the national benchmark (bench/national-endpoints.mjs, by name) through the app, records every
 * SELECT its request sent to PostgreSQL (so the test follows the repositories' SQL as it changes), and EXPLAINs each
 * with its parameters (EXPLAIN ANALYZE: the rows each node met, not the planner's guesses). A plan fails on a
 * sequential scan of a table of more than LARGE_TABLE rows, a scan that meets more than ROWS_READ rows (an exact count,
 * a search that filters its way down an index), or a sort of more than SORT_ROWS rows (the order should come from an
 * index).
 *
 * A case is the benchmark endpoint's name: every endpoint of the benchmark is a case.
 */
const CASES = ENDPOINTS.map((endpoint) => endpoint.name);

/**
 * Where a case may sort (or read) more than the general limits, and why that is still bounded. Each is a known cost
 * a change can only lower: a new case never gets one without its reason.
 */
interface Allowance {
  sortRows?: number;
  rowsRead?: number;
}
const ALLOWED: Record<string, Allowance & { why: string }> = {
  'officer fines, search "WP C"': {
    sortRows: LIST_COUNT_CAP,
    why: "at most LIST_COUNT_CAP matches (counted first from the prefix indexes) are sorted; a denser search walks the officer's index",
  },
  "admin, an officer's complaints": {
    sortRows: 2_000,
    why:
      "a page of the complaints of the officer's own slots: no index orders complaints by who serves their slot (a slot may " +
      "have several officers), so the page is the top-N of that officer's complaints past the cursor, read slot by slot " +
      'from the slot index (the views built for the page only, the count capped)',
  },
  'clearance search, name': {
    sortRows: 1_000,
    why: 'the planner reads a name it expects to be rare from the full-text index and sorts those matches; a common one walks the newest-paid index',
  },
  'messages, recipient search': {
    rowsRead: 5_000,
    why: 'a recipient prefix read from its index, then ordered by id: the matches of one prefix (an administrator types an address or number)',
  },
};

/** A table this large is never read whole by a page's query. */
const LARGE_TABLE = 10_000;
/** Rows a page's query may sort (a page and some): beyond it the order must come from an index. */
const SORT_ROWS = 100;
/** Rows a page's query may read in one scan, kept or filtered out (a count is capped, a search finds by an index). */
const ROWS_READ = 2_000;
/** The data set: the national one's proportions at 200,000 fines (fewer audit entries: their chain is hashed in JavaScript). */
const SIZES = { citizens: 40_000, fines: 200_000, complaints: 60_000, clearance: 10_000, anonymous: 6_000, audit: 40_000, messages: 40_000, officers: 100 };

interface Statement {
  text: string;
  values: unknown[];
  /** The `set local` statements the request sent before this one in its transaction. */
  settings?: string[];
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * The statements node-postgres sends while a case's request runs (the pool's callbacks lose the request's async
 * context, so it is a window in time; the job queue's own statements are left out by their schema).
 */
let recording: Statement[] | undefined;
const clientQuery = pg.Client.prototype.query;
function recordStatements() {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const statements = recording;
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    if (statements) {
      if (typeof config === 'string') statements.push({ text: config, values: Array.isArray(values) ? values : [] });
      else if (config?.text) statements.push({ text: config.text, values: config.values ?? (Array.isArray(values) ? values : []) });
    }
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);
const SORTS = new Set(['Sort', 'Incremental Sort']);
/** Rows a node met, over all its loops: those it passed on and those its filter removed. */
const rowsMet = (node: PlanNode) =>
  Math.round((node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']);

/** What is wrong with one executed plan: a large table read whole, many rows read for a page, many rows sorted. */
function planProblems(node: PlanNode, tableRows: Map<string, number>, allowed: Allowance = {}): string[] {
  const own: string[] = [];
  const table = node['Relation Name'];
  const size = table ? (tableRows.get(table) ?? 0) : 0;
  if (node['Node Type'] === 'Seq Scan' && size > LARGE_TABLE) own.push(`sequential scan of ${table} (${size} rows)`);
  else if (SCANS.has(node['Node Type']) && rowsMet(node) > (allowed.rowsRead ?? ROWS_READ))
    own.push(`${node['Node Type']} of ${table} met ${rowsMet(node)} rows`);
  const input = node.Plans?.[0];
  if (SORTS.has(node['Node Type']) && input && rowsMet(input) > (allowed.sortRows ?? SORT_ROWS)) own.push(`sort of ${rowsMet(input)} rows`);
  return [...own, ...(node.Plans ?? []).flatMap((child) => planProblems(child, tableRows, allowed))];
}

const pgUrl = inject('pgUrl');

describe.runIf(pgUrl)('query plans at 200,000 fines (PostgreSQL)', () => {
  let t: TestApp;
  let client: pg.Client;
  let ctx: EndpointContext;
  const tokens = new Map<Session, string>();
  let tableRows: Map<string, number>;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const query = (sql: string, params?: unknown[]) => client.query(sql, params) as Promise<{ rows: Record<string, unknown>[] }>;
    const fillStarted = performance.now();
    const sizes = await fillNational(t.databaseUrl!, { scale: 0.02, sizes: SIZES, log: () => {} });
    console.log(`plan test data set: ${Math.round(performance.now() - fillStarted)} ms`);
    ctx = await endpointContext(query, sizes);
    const { rows } = await client.query<{ relname: string; rows: number }>(
      `select relname, reltuples::bigint::int as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    tableRows = new Map(rows.map((r) => [r.relname, r.rows]));
    // Everyone generated shares the administrator's password (its hash copied).
    tokens.set('admin', await signInAdmin(t));
    tokens.set('citizen', await login(t, ctx.citizen.username, TEST_ADMIN.password, 'citizen'));
    for (const officer of ['fineOfficer', 'crimeOfficer', 'clearanceOfficer'] as const)
      tokens.set(officer, await login(t, ctx[officer].username, TEST_ADMIN.password, 'police'));
    recordStatements();
  }, 300_000);

  afterAll(async () => {
    pg.Client.prototype.query = clientQuery;
    await client?.end();
    await t?.close();
  });

  /** The endpoint's request (a deep one after following its pages), and the SELECTs it sent. */
  async function statementsOf(endpoint: NationalEndpoint): Promise<Statement[]> {
    const headers = endpoint.as ? bearer(tokens.get(endpoint.as)!) : {};
    let url = endpoint.path(ctx, 0);
    for (let page = 0; page < (endpoint.deep ?? 0); page++) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      const cursor = res.json().next_cursor as string | null;
      if (!cursor) break;
      const next = new URL(url, 'http://plans');
      next.searchParams.set(endpoint.cursorParam ?? 'cursor', cursor);
      url = `${next.pathname}${next.search}`;
    }
    const statements: Statement[] = [];
    recording = statements;
    const res = await t.app
      .inject({ method: endpoint.method ?? 'GET', url, headers, ...(endpoint.body ? { payload: endpoint.body(ctx, 0) } : {}) })
      .finally(() => (recording = undefined));
    expect(res.statusCode, `${endpoint.name}: ${res.body.slice(0, 300)}`).toBe(200);
    // A query that runs under a setting of its transaction (`set local`, workload.repository.ts) is explained under it.
    const settings: string[] = [];
    const selects: Statement[] = [];
    for (const s of statements) {
      if (/^\s*set local\b/i.test(s.text)) settings.push(s.text);
      else if (/^\s*(select|with)\b/i.test(s.text) && !/\bpgboss\./.test(s.text)) selects.push({ ...s, settings: [...settings] });
    }
    return selects;
  }

  it.each(CASES)('%s: no sequential scan of a large table, no sort of more than a page', async (name) => {
    const endpoint = ENDPOINTS.find((e) => e.name === name);
    if (!endpoint) throw new Error(`no endpoint named "${name}" in bench/national-endpoints.mjs`);
    const statements = await statementsOf(endpoint);
    expect(statements.length, 'the request read the database').toBeGreaterThan(0);
    const problems: string[] = [];
    for (const statement of statements) {
      await client.query('begin');
      for (const setting of statement.settings ?? []) await client.query(setting);
      const { rows } = await client
        .query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${statement.text}`, statement.values)
        .finally(() => client.query('rollback'));
      const [explained] = rows;
      if (!explained) throw new Error(`no plan for ${statement.text}`);
      for (const problem of planProblems(explained['QUERY PLAN'][0].Plan, tableRows, ALLOWED[name]))
        problems.push(`${problem} in: ${statement.text.replace(/\s+/g, ' ').slice(0, 240)}`);
    }
    expect(problems).toEqual([]);
  });
});
