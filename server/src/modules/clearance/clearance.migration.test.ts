import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVerificationCode } from '@pes/contracts';
import { DB_KINDS } from '../../../test/harness';
import { databaseBefore } from '../../../test/database-before';

/** The migration that moved certificates into clearance_certificates. */
const CERTIFICATES_MIGRATION = '0014_clearance_certificates';

describe.each(DB_KINDS)('the certificates migration on %s', (kind) => {
  let db: Awaited<ReturnType<typeof databaseBefore>>;
  // A fresh PGlite (initdb) takes seconds, many more on a busy machine: made in the hook, with the hook's time.
  beforeAll(async () => {
    db = await databaseBefore(kind, CERTIFICATES_MIGRATION);
  });
  afterAll(() => db?.close());

  it('gives every certificate issued before it a random verification code, and counts one rejected after issue as withdrawn', async () => {
    const { query } = db;
    const user = async (username: string, role: string) =>
      (await query(`insert into users (username, password_hash, role) values ($1, 'x', $2) returning id`, [username, role])).rows[0]!.id as number;
    const citizen = await user('old.citizen', 'citizen');
    const officer = await user('old.officer', 'police_officer');
    const file = async (name: string, owner: number) =>
      (
        await query(
          `insert into files (path, mime_type, size_bytes, original_name, purpose, owner_user_id, claimed_at)
           values ($1, 'application/pdf', 1000, $1, 'clearance_certificate', $2, now()) returning id`,
          [name, owner],
        )
      ).rows[0]!.id as number;
    const generatedFile = await file('generated.pdf', citizen);
    const attachedFile = await file('attached.pdf', officer);
    const application = async (n: number, status: string, certificateFile: number | null, reason: string | null = null) =>
      (
        await query(
          `insert into clearance_applications (reference_number, citizen_user_id, status, nic_number, full_name_nic, details, amount_cents, paid_at,
              rejection_reason, certificate_file_id, certificate_name, certificate_issued_at, period_from, period_to)
           values ($1, $2, $3, '199001011234', 'Old Applicant', '{}'::jsonb, 500000, now(), $4, $5::int,
              case when $5::int is null then null else 'Old Holder ' || $6 end, case when $5::int is null then null else now() end,
              case when $5::int is null then null else date '2026-01-15' end, case when $5::int is null then null else date '2026-07-15' end)
           returning id`,
          [`PCC-2026-00000${n}`, citizen, status, reason, certificateFile, n],
        )
      ).rows[0]!.id as number;
    const valid = await application(1, 'completed', generatedFile);
    const withdrawn = await application(2, 'rejected', attachedFile, 'Certificate withdrawn: forged documents');
    await application(3, 'completed', null);

    await db.finish();

    const { rows } = await query(
      `select application_id, verification_code, file_id, generated, holder_name, period_from::text as period_from, period_to::text as period_to,
              withdrawn_at is not null as withdrawn, withdrawal_reason, replaced_at
       from clearance_certificates order by application_id`,
    );
    expect(rows).toEqual([
      {
        application_id: valid,
        verification_code: expect.any(String),
        file_id: generatedFile,
        generated: true,
        holder_name: 'Old Holder 1',
        period_from: '2026-01-15',
        period_to: '2026-07-15',
        withdrawn: false,
        withdrawal_reason: null,
        replaced_at: null,
      },
      {
        application_id: withdrawn,
        verification_code: expect.any(String),
        file_id: attachedFile,
        generated: false,
        holder_name: 'Old Holder 2',
        period_from: '2026-01-15',
        period_to: '2026-07-15',
        withdrawn: true,
        withdrawal_reason: 'Certificate withdrawn: forged documents',
        replaced_at: null,
      },
    ]);
    const codes = rows.map((r) => r.verification_code as string);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-F]{32}$/);
      expect(isVerificationCode(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(2);
    // The generated file is no longer the citizen's to read regardless: the certificate policy decides.
    const owners = await query(`select path, owner_user_id from files order by path`);
    expect(owners.rows).toEqual([
      { path: 'attached.pdf', owner_user_id: officer },
      { path: 'generated.pdf', owner_user_id: null },
    ]);
    const columns = await query(
      `select column_name from information_schema.columns where table_name = 'clearance_applications' and column_name like '%certificate%'`,
    );
    expect(columns.rows).toEqual([]);
  });
});
