import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen, login, pdfFile } from '../../../test/helpers';
import { files } from '../files/files.table';
import { slots } from '../slots/slots.table';
import { complaints } from './complaints.table';
import { complaintFields, createSlot, submitComplaint } from './complaints.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

describe.each(DB_KINDS)('booking under concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('50 concurrent submissions by 50 citizens on a slot of capacity 5 give exactly 5 complaints and 45 conflicts', async () => {
    const admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    // One submission per citizen: each is within its own booking cap, so only the slot's capacity refuses.
    const citizens: Awaited<ReturnType<typeof createCitizen>>[] = [];
    while (citizens.length < 50) citizens.push(...(await Promise.all(Array.from({ length: 10 }, () => createCitizen(t)))));
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', available_slots: 5 });

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submitComplaint(t, citizens[i]!.token, 'traffic', complaintFields('traffic', slot.id, { full_name: `Caller ${i}` }), {
          attachment_file: pdfFile(`evidence-${i}.pdf`),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().error.code).toBe('complaints.slot_full');

    const [row] = await t.modules.db.select({ available: slots.availableSlots }).from(slots).where(eq(slots.id, slot.id));
    expect(row!.available).toBe(0);
    const [count] = await t.modules.db
      .select({ n: sql<number>`count(*)::int` })
      .from(complaints)
      .where(eq(complaints.slotId, slot.id));
    expect(count!.n).toBe(5);
    // Only the accepted submissions' attachments remain (plus the 50 citizens' 3 signup photos each).
    expect(t.uploadedFiles()).toHaveLength(5 + 150);
    const [attachmentRows] = await t.modules.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(eq(files.purpose, 'complaint_attachment'));
    expect(attachmentRows!.n).toBe(5);
    const refs = new Set(results.filter((r) => r.statusCode === 201).map((r) => r.json().complaint.reference_number));
    expect(refs.size).toBe(5);
  });
});
