import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen, login } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import type { RecordedEvent } from './domain-events';
import { BUSY_BATCH_INTERVAL_MS, insertJobSql, QUEUES } from './jobs.service';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/**
 * Domain events are jobs inserted in the transaction of the change: a committed change reaches the
 * subscribers once, a rolled-back one never; the queue runs on both databases and stops with the server.
 */
/** A paid fine's receipt, as the fine.paid events of these tests carry it. */
const RECEIPT = { vehicleNumber: 'WP CAB-1234', offenseType: 'Speeding', incidentDate: '2026-11-01', paymentReference: null, courtRequired: false } as const;

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
        await t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: 'rolled-back', amountCents: 100, receipt: RECEIPT });
        throw new Error('the change fails');
      })
      .catch(() => {});
    await t.database.db.transaction((tx) =>
      t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: 'committed', amountCents: 100, receipt: RECEIPT }),
    );
    await expect.poll(() => heardOf('committed').length, { timeout: 15_000 }).toBe(1);
    // The rolled-back one was recorded first: had it been kept, it would have been heard by now.
    expect(heardOf('rolled-back')).toEqual([]);
    const jobs = (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'reference' = 'rolled-back'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(jobs.rows[0]!.n).toBe(0);
  });

  it("writes a job in a statement with the queue's policy exactly as pg-boss's own send does", async () => {
    // Each job in a transaction rolled back at once: none of them runs, and the singleton queues take both. The
    // queue's own jobs (the audit verification queued at start, still waiting or running) are set aside inside that
    // transaction, so a singleton queue is empty for the probe and nothing is lost when it rolls back.
    const jobRow = async (queue: string, insert: (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0]) => Promise<unknown>) => {
      let row: unknown;
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from pgboss.job where name = ${queue}`);
          await insert(tx);
          const found = (await tx.execute(sql`
            select name, priority, state, retry_limit, retry_delay, retry_backoff, expire_in::text, policy, dead_letter,
              singleton_key, singleton_on, (keep_until - start_after)::text as kept_for, start_after = now() as starts_now
            from pgboss.job where data->>'probe' = 'yes'`)) as unknown as { rows: unknown[] };
          row = found.rows;
          throw new Error('roll back');
        })
        .catch(() => {});
      return row;
    };
    for (const queue of QUEUES) {
      const sent = await jobRow(queue, (tx) => t.modules.jobs.enqueue(tx, queue, { probe: 'yes' }));
      const written = await jobRow(queue, (tx) => tx.execute(insertJobSql(queue, sql`jsonb_build_object('probe', 'yes')`, sql`(select 1) as one`)));
      expect(written, queue).toEqual(sent);
      expect(sent, queue).toHaveLength(1);
    }
  });

  it('says a complaint was filed, with its citizen, reference and appointment; a refused booking says nothing', async () => {
    const citizen = await createCitizen(t);
    const admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', available_slots: 1 });
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    const { reference_number: reference, appointment } = filed.json().complaint;
    const other = await createCitizen(t);
    const refused = await submitComplaint(t, other.token, 'traffic', complaintFields('traffic', slot.id));
    expect(refused.statusCode).toBe(409);

    await expect.poll(() => heardOf(reference).length, { timeout: 15_000 }).toBe(1);
    // Recorded by the booking statement itself (complaints.repository): the same event as `record` would make.
    expect(heardOf(reference)[0]).toEqual({
      id: expect.any(String),
      type: 'complaint.filed',
      complaintId: filed.json().complaint.id,
      citizenUserId: citizen.id,
      reference,
      appointment: { date: appointment.date, time_from: appointment.time_from, time_to: appointment.time_to, station: 'Kollupitiya Police Station' },
    });
    expect(heard.filter((e) => e.type === 'complaint.filed' && e.citizenUserId === other.id)).toEqual([]);
  });
  it('takes one batch per interval while requests are coming in, and the rest once they ease', async () => {
    const tagged = () => heard.filter((e) => 'reference' in e && e.reference.startsWith('busy-')).length;
    // Requests at up to ~400/s (the server counts them; 50/s is busy), for longer than one busy interval: well above
    // the threshold even when a loaded machine (CI beside other work) slows each request several times over.
    let requesting = true;
    const traffic = (async () => {
      while (requesting) {
        await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i++)
        await t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: `busy-${i}`, amountCents: 100, receipt: RECEIPT });
    });
    await new Promise((resolve) => setTimeout(resolve, BUSY_BATCH_INTERVAL_MS * 0.75));
    // At most the batch fetched when they were recorded (10): the next waits out the interval.
    const whileBusy = tagged();
    requesting = false;
    await traffic;
    expect(whileBusy).toBeLessThanOrEqual(10);
    await expect.poll(tagged, { timeout: BUSY_BATCH_INTERVAL_MS + 6_000, interval: 200 }).toBe(40);
  });

  it('drains a backlog without waiting out the polling interval after each full batch', async () => {
    // 200 events, batches of 10, a poll a second: one batch a second would take 20 s.
    const started = Date.now();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++)
        await t.modules.events.record(tx, { type: 'fine.paid', payerUserId: 1, reference: `backlog-${i}`, amountCents: 100, receipt: RECEIPT });
    });
    await expect.poll(() => heard.filter((e) => 'reference' in e && e.reference.startsWith('backlog-')).length, { timeout: 8_000, interval: 200 }).toBe(200);
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
