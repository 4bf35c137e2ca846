import { sql, type SQL } from 'drizzle-orm';
import { normaliseIdentitySearch, type Role, type UserState } from '@pes/contracts';
import type { DbOrTx } from '../../db/client';
import { likeEscape } from '../../db/sql';
import { citizenProfiles, officers, users } from './users.table';

/**
 * The administrator's user search, as a union of index range reads. An account matches by the start of its username,
 * its name (citizens: first name, second name, or both; officers: full name) or its identity number, in any case.
 * Each way of matching is one branch read from its own index (users.table.ts, `*_order_idx`: the key in byte order,
 * then the id), so matches come alphabetically by the text they matched, then by id, and a page reads about a page
 * of each branch: "perera" no longer fetches and sorts its 50,000 matches by id to show 25.
 *
 * An account that matches in several ways ("perera12", named Kamal Perera) is listed once, at the first of its
 * matching texts in that order ("perera kamal"); its later rows are read and dropped. A branch's rows are kept
 * only up to where every branch read so far is known to be complete, and a page short of rows past that point
 * reads on from there (rare: only where many accounts listed on earlier pages match again).
 */
export interface UserSearch {
  state: UserState;
  role?: Role;
  search: string;
}

/** A position in the search's order: the matched text and the account's id. */
export interface SearchPosition {
  key: string;
  id: number;
}

// Sort keys are compared byte by byte (collation "C"), as the indexes hold them, whatever the database's collation.
const usernameKey = sql`lower(${users.username}) collate "C"`;
const fullNameKey = sql`lower(${citizenProfiles.firstName} || ' ' || ${citizenProfiles.secondName}) collate "C"`;
const surnameFirstKey = sql`lower(${citizenProfiles.secondName} || ' ' || ${citizenProfiles.firstName}) collate "C"`;
const officerKey = sql`lower(${officers.fullName}) collate "C"`;
const identityKey = sql`upper(${citizenProfiles.identityNumber}) collate "C"`;

/** The matching rules, and each branch's select of (key, id, keep): `keep` when its key is the account's first matching text. */
function branches(filter: UserSearch, after: SearchPosition | undefined) {
  const prefix = `${likeEscape(filter.search.toLowerCase())}%`;
  // NICs are kept in their 12-digit form: a whole old-form number ("511521766V") is searched as that.
  const identityPrefix = `${likeEscape(normaliseIdentitySearch(filter.search))}%`;
  const state = filter.state === 'active' ? sql`${users.active}` : sql`not ${users.active}`;
  const citizen = sql`${users.role} = 'citizen'`;
  const officer = sql`${users.role} = 'police_officer'`;
  const matches = {
    username: sql`${usernameKey} like ${prefix}`,
    fullName: sql`${fullNameKey} like ${prefix}`,
    // Surname first, for the order; the match stays the second name's own start. Without a space in the search the
    // two are the same condition (the key's first space comes right after the second name), and the planner,
    // given both, would take them for independent and expect a hundredth of the matches.
    surname: /\s/.test(filter.search)
      ? sql`${surnameFirstKey} like ${prefix} and lower(${citizenProfiles.secondName}) like ${prefix}`
      : sql`${surnameFirstKey} like ${prefix}`,
    officer: sql`${officerKey} like ${prefix}`,
    identity: sql`${identityKey} like ${identityPrefix}`,
  };
  // The account's first matching text (null parts are ignored by least); its rows with another key are dropped.
  const firstKey = sql`least(
    case when ${matches.username} then ${usernameKey} end,
    case when ${citizen} and ${matches.fullName} then ${fullNameKey} end,
    case when ${citizen} and ${matches.surname} then ${surnameFirstKey} end,
    case when ${officer} and ${matches.officer} then ${officerKey} end,
    case when ${citizen} and ${matches.identity} then ${identityKey} end) collate "C"`;
  const past = (key: SQL, id: SQL) => (after ? sql` and (${key}, ${id}) > (${after.key}, ${after.id}::int)` : sql``);
  const row = (key: SQL, id: SQL) => sql`select ${key} as key, ${id} as id, ${key} = ${firstKey} as keep`;
  const citizens = !filter.role || filter.role === 'citizen';
  const ofCitizens = (key: SQL, match: SQL) => ({
    matching: sql`select ${citizenProfiles.userId} as id from ${citizenProfiles} join ${users} on ${users.id} = ${citizenProfiles.userId} where ${match} and ${citizen} and ${state} order by ${key}`,
    read: sql`${row(key, sql`${citizenProfiles.userId}`)} from ${citizenProfiles} join ${users} on ${users.id} = ${citizenProfiles.userId}
      left join ${officers} on false
      where ${match} and ${citizen} and ${state}${past(key, sql`${citizenProfiles.userId}`)}`,
  });
  const role = filter.role ? sql` and ${users.role} = ${filter.role}` : sql``;
  const list = [
    {
      matching: sql`select ${users.id} as id from ${users} where ${matches.username} and ${state}${role} order by ${usernameKey}`,
      read: sql`${row(usernameKey, sql`${users.id}`)} from ${users}
        left join ${citizenProfiles} on ${citizenProfiles.userId} = ${users.id} left join ${officers} on ${officers.userId} = ${users.id}
        where ${matches.username} and ${state}${role}${past(usernameKey, sql`${users.id}`)}`,
    },
  ];
  if (citizens) list.push(ofCitizens(fullNameKey, matches.fullName), ofCitizens(surnameFirstKey, matches.surname));
  if (!filter.role || filter.role === 'police_officer') {
    list.push({
      matching: sql`select ${officers.userId} as id from ${officers} join ${users} on ${users.id} = ${officers.userId} where ${matches.officer} and ${officer} and ${state} order by ${officerKey}`,
      read: sql`${row(officerKey, sql`${officers.userId}`)} from ${officers} join ${users} on ${users.id} = ${officers.userId}
        left join ${citizenProfiles} on false
        where ${matches.officer} and ${officer} and ${state}${past(officerKey, sql`${officers.userId}`)}`,
    });
  }
  if (citizens) list.push(ofCitizens(identityKey, matches.identity));
  return list;
}

/** Each branch's rows read per round at first; a round that must read on reads twice as many, up to this. */
const MOST_READ_PER_BRANCH = 1_600;

/** The accounts of one page of the search, in its order, past `after`: at most `limit`, each with its position. */
export async function searchPage(tx: DbOrTx, filter: UserSearch, after: SearchPosition | undefined, limit: number): Promise<SearchPosition[]> {
  const found: SearchPosition[] = [];
  let from = after;
  for (let perBranch = limit; ; perBranch = Math.min(perBranch * 2, MOST_READ_PER_BRANCH)) {
    const parts = branches(filter, from).map((b, i) => sql`(select ${i} as branch, read.* from (${b.read} order by 1, 2 limit ${perBranch}) as read)`);
    const result = (await tx.execute(sql`select * from (${sql.join(parts, sql` union all `)}) as merged order by key, id, branch`)) as unknown as {
      rows: Array<{ branch: number; key: string; id: number; keep: boolean }>;
    };
    const rows = result.rows;
    // Past the last row of a branch that may hold more, rows of that branch are missing: keep rows up to there.
    const readPerBranch = new Map<number, number>();
    for (const r of rows) readPerBranch.set(r.branch, (readPerBranch.get(r.branch) ?? 0) + 1);
    let end = rows.length;
    for (const [branch, n] of readPerBranch) if (n === perBranch) end = Math.min(end, rows.findLastIndex((r) => r.branch === branch) + 1);
    for (const r of rows.slice(0, end)) {
      const last = found.at(-1);
      // The same text matched in two ways (a username that is also the NIC) is one row.
      if (r.keep && !(last && last.key === r.key && last.id === r.id)) found.push({ key: r.key, id: Number(r.id) });
      if (found.length === limit) return found;
    }
    if (end === rows.length) return found;
    const cut = rows[end - 1]!;
    from = { key: cut.key, id: Number(cut.id) };
  }
}

/**
 * How many accounts match, each branch read up to `cap + 1` in its index's order (so from its index, never a scan of
 * the table that stops early). More than the cap in one branch is more in all, and is answered without merging the
 * branches' ids ("perera": the surname branch alone passes the cap); only a search under the cap in every branch
 * pays for the union that counts an account matched in several ways once. The union is an init plan, run only when
 * the case reaches it.
 */
export async function searchCount(tx: DbOrTx, filter: UserSearch, cap: number): Promise<number> {
  const parts = branches(filter, undefined).map((b, i) => ({ name: sql.raw(`branch_${i}`), matching: b.matching }));
  const ctes = sql.join(
    parts.map((p) => sql`${p.name} as materialized (${p.matching} limit ${cap + 1})`),
    sql`, `,
  );
  const largest = sql.join(
    parts.map((p) => sql`(select count(*) from ${p.name})`),
    sql`, `,
  );
  const merged = sql.join(
    parts.map((p) => sql`select id from ${p.name}`),
    sql` union `,
  );
  const result = (await tx.execute(
    sql`with ${ctes} select (case when greatest(${largest}, 0) > ${cap} then ${cap + 1} else (select count(*) from (${merged}) as matched) end)::int as n`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}
