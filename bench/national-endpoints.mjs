// The national benchmark's endpoints (issue 43): every citizen path and every staff list, search and aggregate, one
// line each. `as` names the session (national.mjs signs each in once), `path(ctx, k)` the k-th request's address
// (ctx: the samples taken from the database and the accounts' details, see national.mjs), `body(ctx, k)` a POST's JSON.
// `budget` overrides BUDGET for one endpoint; `job: true` marks a scheduled job's work, measured but not judged.
// `deep: n` first follows the list's next_cursor n pages (as `cursorParam`, default `cursor`) and measures that page.

import { certificateCodeOf, nicOf, trackingCodeOf } from './national-data.mjs';

/** At 10 connections: p50 and p99 in milliseconds, and no failed request (issue 43). */
export const BUDGET = { p50: 50, p99: 250 };

const q = (params) => `?${new URLSearchParams(params)}`;
const pick = (list, k) => list[k % list.length];

export const ENDPOINTS = [
  // Citizens and the public.
  { name: 'citizen fine search', as: 'citizen', path: (c, k) => `/api/fines/search${q(pick(c.fineSearches, k))}` },
  { name: 'citizen paid fines', as: 'citizen', path: () => '/api/fines/history' },
  { name: 'citizen complaints', as: 'citizen', path: () => '/api/complaints/my-complaints' },
  { name: 'citizen clearance tracking', as: 'citizen', path: (c) => `/api/clearance/track/${c.citizen.nic}` },
  { name: 'citizen, who looked at my data', as: 'citizen', path: () => '/api/me/data-views' },
  { name: 'public slots', path: (c, k) => `/api/slots/public${q(pick(c.publicSlots, k))}` },
  { name: 'certificate verification', path: (c, k) => `/api/clearance/verify/${pick(c.certificateCodes, k)}` },
  { name: 'anonymous tracking', method: 'POST', path: () => '/api/anonymous/track', body: (c, k) => ({ tracking_code: pick(c.trackingCodes, k) }) },
  // Officers: complaints (Crime Branch), fines (Traffic Fine Branch), clearance (Admin Branch), anonymous reports.
  { name: 'complaints by date', as: 'crimeOfficer', path: (c, k) => `/api/police/complaints/by-date${q({ date: pick(c.complaintDays, k) })}` },
  { name: 'station complaints', as: 'crimeOfficer', path: () => '/api/police/complaints' },
  { name: 'station complaints, 20 pages deep', as: 'crimeOfficer', deep: 20, path: () => '/api/police/complaints' },
  { name: 'anonymous list, first page', as: 'crimeOfficer', path: (c) => `/api/anonymous/officer/${c.crimeOfficer.code}` },
  { name: 'anonymous list, 20 pages deep', as: 'crimeOfficer', deep: 20, cursorParam: 'before', path: (c) => `/api/anonymous/officer/${c.crimeOfficer.code}` },
  { name: 'officer fines, first page', as: 'fineOfficer', path: () => '/api/fines/officer/my-fines' },
  { name: 'officer fines, deep page', as: 'fineOfficer', path: (c) => `/api/fines/officer/my-fines${q({ before: c.fineOfficer.deepCursor })}` },
  { name: 'officer fines, search 3 chars', as: 'fineOfficer', path: (c, k) => `/api/fines/officer/my-fines${q({ search: pick(c.plateStarts, k) })}` },
  // Two letters are refused now (400: 3 letters or digits at least); "WP C" is the densest search left: one letter of a plate.
  { name: 'officer fines, search "WP C"', as: 'fineOfficer', path: () => `/api/fines/officer/my-fines${q({ search: 'WP C' })}` },
  { name: 'fine analytics', as: 'fineOfficer', path: () => '/api/fines/analytics/overview' },
  { name: 'fine analytics, one offence', as: 'fineOfficer', path: () => `/api/fines/analytics/overview${q({ offense_type: 'Speeding' })}` },
  { name: 'fine analytics, station', as: 'fineOfficer', path: () => `/api/fines/analytics/overview${q({ station: 'Kollupitiya Police Station' })}` },
  { name: 'clearance list, first page', as: 'clearanceOfficer', path: () => '/api/clearance/applications' },
  { name: 'clearance list, 20 pages deep', as: 'clearanceOfficer', deep: 20, path: () => '/api/clearance/applications' },
  { name: 'clearance list, station', as: 'clearanceOfficer', path: () => `/api/clearance/applications${q({ station: 'Kollupitiya Police Station' })}` },
  { name: 'clearance list, status', as: 'clearanceOfficer', path: () => `/api/clearance/applications${q({ status: 'pending' })}` },
  { name: 'clearance search, NIC', as: 'clearanceOfficer', path: (c, k) => `/api/clearance/applications${q({ search: pick(c.clearance, k).nic })}` },
  {
    name: 'clearance search, reference',
    as: 'clearanceOfficer',
    path: (c, k) => `/api/clearance/applications${q({ search: pick(c.clearance, k).reference })}`,
  },
  { name: 'clearance search, name', as: 'clearanceOfficer', path: () => `/api/clearance/applications${q({ search: 'perera' })}` },
  // Administrators.
  { name: 'officer workload', as: 'admin', path: () => '/api/admin/officer-workload' },
  { name: 'officer workload, branch', as: 'admin', path: () => `/api/admin/officer-workload${q({ branch: 'Crime Branch' })}` },
  { name: 'officer workload, 20 pages deep', as: 'admin', deep: 20, path: () => '/api/admin/officer-workload' },
  { name: 'audit log, first page', as: 'admin', path: () => '/api/admin/audit-log' },
  { name: 'audit log, 20 pages deep', as: 'admin', deep: 20, path: () => '/api/admin/audit-log' },
  { name: 'audit log, actor', as: 'admin', path: (c) => `/api/admin/audit-log${q({ actor: c.fineOfficer.username })}` },
  { name: 'audit log, action', as: 'admin', path: () => `/api/admin/audit-log${q({ action: 'identity.view' })}` },
  { name: 'attention list, flagged views', as: 'admin', path: () => '/api/admin/data-view-flags' },
  { name: 'audit chain verification', as: 'admin', path: () => '/api/admin/audit-log/verify' },
  { name: 'users, first page', as: 'admin', path: () => '/api/admin/users' },
  { name: 'users, 20 pages deep', as: 'admin', deep: 20, path: () => '/api/admin/users' },
  { name: 'users, search "perera"', as: 'admin', path: () => `/api/admin/users${q({ search: 'perera' })}` },
  { name: 'users, officers', as: 'admin', path: () => `/api/admin/users${q({ role: 'police_officer' })}` },
  { name: "admin, a citizen's complaints", as: 'admin', path: (c) => `/api/admin/users/${c.citizen.userId}/complaints` },
  { name: "admin, an officer's complaints", as: 'admin', path: (c) => `/api/admin/users/${c.crimeOfficer.userId}/assigned-complaints` },
  { name: 'admin, one complaint', as: 'admin', path: (c, k) => `/api/admin/complaints/${pick(c.complaintIds, k)}` },
  { name: 'messages, first page', as: 'admin', path: () => '/api/admin/notifications' },
  { name: 'messages, recipient search', as: 'admin', path: () => `/api/admin/notifications${q({ recipient: 'citizen12' })}` },
];

/** What the requests need from the data: samples and the accounts' details (national-endpoints.mjs `ctx`). */
export async function endpointContext(query, sizes) {
  const one = async (sql, params) => (await query(sql, params)).rows[0];
  const officer = (branch) =>
    one(
      `select u.id as "userId", u.username, o.officer_id as code, o.id as "rowId" from officers o join users u on u.id = o.user_id
       where o.branch = $1 order by o.id limit 1`,
      [branch],
    );
  const fineOfficer = await officer('Traffic Fine Branch');
  const { rows: deep } = await query(
    `select to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '_' || id as cursor
     from fines where issued_by_user_id = $1 order by issued_at desc, id desc offset (select count(*) * 9 / 10 from fines where issued_by_user_id = $1) limit 1`,
    [fineOfficer.userId],
  );
  fineOfficer.deepCursor = deep[0].cursor;
  const citizen = await one(
    `select p.user_id as "userId", u.username, p.identity_number as nic from clearance_applications a
     join citizen_profiles p on p.user_id = a.citizen_user_id join users u on u.id = p.user_id
     where a.status = 'completed' and exists (select 1 from complaints c where c.citizen_user_id = p.user_id) order by a.id limit 1`,
  );
  const { rows: fineSearches } = await query(
    `select 'NIC' as identity_type, citizen_identity_number as identity_number, vehicle_number from fines tablesample system (1) limit 1000`,
  );
  const { rows: publicSlots } = await query(
    `select to_char(s.date, 'YYYY-MM-DD') as date, s.branch::text as branch, st.name as station from slots s join stations st on st.id = s.station_id
     where s.date >= current_date and s.deleted_at is null order by s.id limit 500`,
  );
  const { rows: clearance } = await query(
    `select nic_number as nic, reference_number as reference from clearance_applications where paid_at is not null order by id desc limit 200`,
  );
  const crimeOfficer = await officer('Crime Branch');
  const { rows: days } = await query(
    `select distinct to_char(appointment_date, 'YYYY-MM-DD') as day from complaints c join users u on u.station_id = c.station_id
     where u.id = $1 and c.branch = 'Crime Branch' and appointment_date > current_date - 60 limit 60`,
    [crimeOfficer.userId],
  );
  const { rows: complaintIds } = await query(`select id from complaints tablesample system (1) limit 200`);
  const { rows: certIds } = await query(`select application_id as id from clearance_certificates order by id limit 1000`);
  return {
    citizen: { ...citizen, nic: citizen.nic ?? nicOf(1) },
    fineOfficer,
    crimeOfficer,
    clearanceOfficer: await officer('Admin Branch'),
    fineSearches,
    publicSlots,
    clearance,
    complaintDays: days.map((d) => d.day),
    complaintIds: complaintIds.map((r) => r.id),
    certificateCodes: certIds.map((r) => certificateCodeOf(r.id)),
    trackingCodes: Array.from({ length: 1000 }, (_, k) => trackingCodeOf(1 + ((k * 7919) % sizes.anonymous))),
    plateStarts: ['CAB', 'KX', 'WPC', 'NWB', 'CPD', '1990', '2001'].filter((s) => s.length >= 3),
  };
}
