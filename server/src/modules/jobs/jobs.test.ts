import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen, login } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import type { RecordedEvent } from './domain-events';

/**
 * Domain events are jobs inserted in the transaction of the change: a committed change reaches the
 * subscribers once, a rolled-back one never; the queue runs on both databases and stops with the server.
 */
describe.each(DB_KINDS)('jobs and domain events on %s', (kind) => {
  let t: TestApp;
  const heard: RecordedEvent[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind);
    t.modules.events.subscribe(async (event) => {
      heard.push(event);
    });
  });
  afterAll(() => t?.close());

  const heardOf = (reference: string) => heard.filter((e) => 'reference' in e && e.reference === reference);

  it('delivers an event recorded in a committed transaction once, and never one whose transaction rolled back', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: 'rolled-back', amountCents: 100 });
        throw new Error('the change fails');
      })
      .catch(() => {});
    await t.database.db.transaction((tx) => t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: 'committed', amountCents: 100 }));
    await expect.poll(() => heardOf('committed').length, { timeout: 15_000 }).toBe(1);
    // The rolled-back one was recorded first: had it been kept, it would have been heard by now.
    expect(heardOf('rolled-back')).toEqual([]);
    const jobs = (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'reference' = 'rolled-back'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(jobs.rows[0]!.n).toBe(0);
  });

  it('says a complaint was filed, with its citizen, reference and appointment; a refused booking says nothing', async () => {
    const citizen = await createCitizen(t);
    const admin = await login(t, 'admin', 'Admin@12345', 'admin');
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', available_slots: 1 });
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    const { reference_number: reference, appointment } = filed.json().complaint;
    const other = await createCitizen(t);
    const refused = await submitComplaint(t, other.token, 'traffic', complaintFields('traffic', slot.id));
    expect(refused.statusCode).toBe(409);

    await expect.poll(() => heardOf(reference).length, { timeout: 15_000 }).toBe(1);
    expect(heardOf(reference)[0]).toMatchObject({
      type: 'complaint.filed',
      citizenUserId: citizen.id,
      appointment: { date: appointment.date, time_from: appointment.time_from, station: 'Kollupitiya Police Station' },
    });
    expect(heard.filter((e) => e.type === 'complaint.filed' && e.citizenUserId === other.id)).toEqual([]);
  });
  it('drains a backlog without waiting out the polling interval after each full batch', async () => {
    // 200 events, batches of 10, a poll a second: one batch a second would take 20 s.
    const started = Date.now();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) await t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: `backlog-${i}`, amountCents: 100 });
    });
    await expect.poll(() => heard.filter((e) => 'reference' in e && e.reference.startsWith('backlog-')).length, { timeout: 8_000, interval: 200 }).toBe(200);
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
