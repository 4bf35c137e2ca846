import Fastify from 'fastify';
import {
  colomboDate,
  colomboSlotClock,
  normaliseIdentity,
  normaliseTrackingCode,
  normaliseVerificationCode,
  plateSearchKey,
  vehicleSearchKey,
  type ComplaintBranch,
  type IdentityType,
  type SlotBranch,
} from '@pes/contracts';
import { openDatabase } from './db/client';
import { createFinesRepository } from './modules/fines/fines.repository';
import { createSlotsRepository } from './modules/slots/slots.repository';
import { createComplaintsRepository } from './modules/complaints/complaints.repository';
import { createClearanceRepository } from './modules/clearance/clearance.repository';
import { createAnonymousRepository } from './modules/anonymous/anonymous.repository';
import { hashTrackingCode } from './modules/anonymous/anonymous.service';

/*
 * The floor the benchmark holds the portal's hot routes to (bench/floor.mjs, issue 26): each route's own lookup (the
 * same repository, statement, driver and pool) under a bare Fastify, with nothing else: no authentication, request
 * limits, security headers, validation, serialisation schema or request log. What the portal spends above this is what
 * its plumbing costs per request. Built beside the server (dist/bench-floor.js); never part of the portal.
 * Settings: DATABASE_URL, PORT, and the by-date list's officer (FLOOR_BRANCH, FLOOR_STATION_ID) and the current user's
 * answer (FLOOR_CURRENT_USER_JSON), which the portal would take from the session.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openDatabase({ databaseUrl: env('DATABASE_URL'), log: () => {} });
const { db } = database;
const fines = createFinesRepository(db);
const slots = createSlotsRepository(db);
const complaints = createComplaintsRepository(db);
const clearance = createClearanceRepository(db);
const anonymous = createAnonymousRepository(db);
const officer = { branch: env('FLOOR_BRANCH') as ComplaintBranch, stationId: Number(env('FLOOR_STATION_ID')) };
const currentUser = env('FLOOR_CURRENT_USER_JSON');

const app = Fastify({ logger: false });
type Query = Record<string, string>;
const json = (text: string) => (_: unknown, reply: { type(t: string): { send(b: string): unknown } }) => reply.type('application/json').send(text);

app.get('/api/auth/getCurrentUserInfo', json(currentUser));

app.get('/api/fines/search', async (request, reply) => {
  const q = request.query as Query;
  const vehicleKey = vehicleSearchKey(q.vehicle_number ?? '');
  const identityNumber = normaliseIdentity(q.identity_type === 'Passport' ? 'Passport' : 'NIC', q.identity_number ?? '');
  const found = await fines.searchForCitizenJson(q.identity_type as IdentityType, identityNumber, {
    vehicleKey,
    plateKey: plateSearchKey(q.vehicle_number ?? ''),
  });
  return reply.type('application/json').send(`{"fines":${found}}`);
});

app.get('/api/slots/public', async (request) => {
  const q = request.query as Query;
  return slots.publicList(q.station!, q.branch as SlotBranch, q.date!, { today: colomboDate(), nowTime: colomboSlotClock() });
});

app.get('/api/police/complaints/by-date', async (request) => complaints.forBranchOnDate(officer.branch, officer.stationId, (request.query as Query).date!));

app.get('/api/clearance/verify/:code', async (request) => {
  const found = await clearance.findCertificateByCode(normaliseVerificationCode((request.params as { code: string }).code));
  return found ? { result: 'found', ...found } : { result: 'unknown' };
});

app.post('/api/anonymous/track', async (request, reply) => {
  const row = await anonymous.trackByHash(hashTrackingCode(normaliseTrackingCode((request.body as { tracking_code: string }).tracking_code)));
  return row ? { success: true, ...row } : reply.status(404).send({ error: { code: 'anonymous.tracking_not_found' } });
});

app.get('/api/health', async () => ({ status: 'ok' }));

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
await app.listen({ port: Number(env('PORT')), host: '127.0.0.1' });
