import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../../test/harness';
import { databaseBefore } from '../../../test/database-before';

/** The migration that keeps every NIC in its 12-digit form and lists the accounts that then share one. */
const NIC_MIGRATION = '0031_nic_normalised';

describe.each(DB_KINDS)('the NIC normalisation migration on %s', (kind) => {
  let db: Awaited<ReturnType<typeof databaseBefore>>;
  beforeAll(async () => {
    db = await databaseBefore(kind, NIC_MIGRATION);
  });
  afterAll(() => db?.close());

  it('keeps every NIC in its 12-digit form, lists (does not merge) the accounts that were two forms of one, and still refuses a third', async () => {
    const { query } = db;
    const citizen = async (username: string, identityType: string, identityNumber: string) => {
      const id = (await query(`insert into users (username, password_hash, role) values ($1, 'x', 'citizen') returning id`, [username])).rows[0]!.id as number;
      await query(
        `insert into citizen_profiles (user_id, first_name, second_name, date_of_birth, email, mobile_number, identity_type, identity_number, address, marital_status)
         values ($1, 'Old', $2, '1951-06-01', 'old@example.lk', '+94771234567', $3, $4, 'Colombo', 'Single')`,
        [id, username, identityType, identityNumber],
      );
      return id;
    };
    // Signed up before: the new form first, then the old form of the same number (someone else, or the same person).
    const owner = await citizen('owner', 'NIC', '195115201766');
    const taker = await citizen('taker', 'NIC', '511521766V');
    // Both old forms of another number (V and X), and the new one after them: one pair with each of the later two.
    const voter = await citizen('voter', 'NIC', '851234567V');
    const nonVoter = await citizen('nonvoter', 'NIC', '851234567X');
    const renewed = await citizen('renewed', 'NIC', '198512304567');
    const alone = await citizen('alone', 'NIC', '661111234V');
    const traveller = await citizen('traveller', 'Passport', 'N1234567');
    await query(`insert into users (username, password_hash, role) values ('officer', 'x', 'police_officer')`);
    const fineOfficer = (await query(`select id from users where username = 'officer'`)).rows[0]!.id as number;
    await query(
      `insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents, incident_at, incident_location,
         offense_type, due_date, issued_at, issued_by_user_id)
       values ('NIC', '661111234V', 'WP CAB-1234', 'WPCAB1234', 100000, now(), 'Colombo', 'Speeding', current_date + 14, now(), $1),
              ('Passport', '123456789V', 'WP CAB-1235', 'WPCAB1235', 100000, now(), 'Colombo', 'Speeding', current_date + 14, now(), $1)`,
      [fineOfficer],
    );

    await db.finish();

    const numbers = (await query(`select user_id, identity_number from citizen_profiles order by user_id`)).rows.map((r) => [r.user_id, r.identity_number]);
    expect(numbers).toEqual([
      [owner, '195115201766'],
      [taker, '195115201766'],
      [voter, '198512304567'],
      [nonVoter, '198512304567'],
      [renewed, '198512304567'],
      [alone, '196611101234'],
      [traveller, 'N1234567'],
    ]);
    const pairs = (await query(`select identity_type::text, identity_number, first_user_id, second_user_id, resolved_at from identity_collisions order by id`))
      .rows;
    expect(pairs).toEqual([
      { identity_type: 'NIC', identity_number: '195115201766', first_user_id: owner, second_user_id: taker, resolved_at: null },
      { identity_type: 'NIC', identity_number: '198512304567', first_user_id: voter, second_user_id: nonVoter, resolved_at: null },
      { identity_type: 'NIC', identity_number: '198512304567', first_user_id: voter, second_user_id: renewed, resolved_at: null },
    ]);
    // A fine's NIC too; a passport number shaped like an old NIC is a passport number, left as it was.
    expect((await query(`select citizen_identity_number from fines order by vehicle_number`)).rows.map((r) => r.citizen_identity_number)).toEqual([
      '196611101234',
      '123456789V',
    ]);
    // The listed pairs stand; any further account of the number is refused by the unique index.
    await expect(citizen('third', 'NIC', '195115201766')).rejects.toThrow(/citizen_identity_uq/);
  });
});
