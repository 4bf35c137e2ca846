// Clearance data for the benchmarks (clearance.mjs, floor.mjs): paid applications and issued certificates, by SQL.
import { createHash } from 'node:crypto';

export const nicOf = (g) => `19${String(g).padStart(10, '0')}`;
/** The bench certificates' verification codes: 32 hexadecimal digits, as the migration gives older certificates (md5 here, so the load can name them). */
export const codeOf = (g) => createHash('md5').update(String(g)).digest('hex').toUpperCase();

/**
 * `applications` paid applications of the citizen `citizenUsername` (all finished, so none is open), the first
 * `certified` of them with an issued certificate whose verification code is codeOf(g).
 */
export async function fillClearance(query, { citizenUsername, applications, certified }) {
  const { rows } = await query(`select id from users where username = $1`, [citizenUsername]);
  const citizenId = rows[0].id;
  const file = await query(
    `insert into files (path, mime_type, size_bytes, original_name, purpose, owner_user_id, claimed_at)
     values ('bench-certificate.pdf', 'application/pdf', 1000, 'bench.pdf', 'clearance_certificate', $1, now()) returning id`,
    [citizenId],
  );
  const details = {
    application_type: 'new',
    nationality: 'sri_lankan',
    date_of_birth: '1990-01-01',
    left_before_sixteen: false,
    country: 'Canada',
    station: 'Slave Island Police',
    sex: 'female',
    title: 'Ms',
    name_to_print: 'Bench Applicant',
    address_sri_lanka: '1 Bench Road, Colombo',
    occupation: 'Engineer',
    purpose: 'Visa',
    previously_applied: false,
    residence_history: [],
    delivery_address1: '1 Bench Road',
    delivery_city: 'Colombo',
    delivery_postal_code: '00100',
    delivery_state: 'Western',
    delivery_country: 'Sri Lanka',
    mobile_number: '+94771234567',
    email: 'applicant@example.lk',
    slbfe_referred: false,
    declaration: true,
    payment_declaration: true,
  };
  await query(
    `insert into clearance_applications (reference_number, citizen_user_id, status, nic_number, full_name_nic, details, amount_cents, paid_at, created_at)
     select 'PCC-2026-' || lpad(g::text, 6, '0'), $1, case when g % 5 = 0 then 'rejected' else 'completed' end::clearance_status,
        '19' || lpad(g::text, 10, '0'), 'Bench Applicant ' || g, $2::jsonb, 500000,
        now() - make_interval(mins => g), now() - make_interval(mins => g + 5)
     from generate_series(1, $3) g`,
    [citizenId, JSON.stringify(details), applications],
  );
  await query(
    `insert into clearance_certificates (application_id, verification_code, file_id, generated, holder_name, period_from, period_to, issued_at)
     select a.id, upper(md5(g::text)), $1, true, 'Bench Applicant ' || g, current_date, current_date + 180, now()
     from generate_series(1, $2) g join clearance_applications a on a.reference_number = 'PCC-2026-' || lpad(g::text, 6, '0')`,
    [file.rows[0].id, certified],
  );
  await query(`select setval('clearance_reference_seq', $1)`, [applications + 1]);
  await query('vacuum analyze');
  await query('checkpoint');
}
