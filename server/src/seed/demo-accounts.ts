import type { Branch } from '@pes/contracts';
import demoPasswords from './demo-passwords.json' with { type: 'json' };

/**
 * The demo accounts' published passwords (README), one per role, each passing the password policy of its role
 * (password-policy.ts: score 4 for staff, 3 for citizens). Tests, benches, e2e specs and attack checks import these
 * (the .mjs scripts read demo-passwords.json), so a change here is a change everywhere.
 */
export const DEMO_ADMIN_PASSWORD: string = demoPasswords.admin;
export const DEMO_OFFICER_PASSWORD: string = demoPasswords.officer;
export const DEMO_CITIZEN_PASSWORD: string = demoPasswords.citizen;

/** Demo accounts for development, listed in the README. Never seeded when NODE_ENV=production. */
export const DEMO_STATION = 'Kollupitiya Police Station';

/**
 * The second factor (TOTP) of every demo staff account, in development only: published in the README, so codes
 * come from any authenticator app given this key, or from `npm run demo:totp`. Never seeded in production.
 */
export const DEMO_TOTP_SECRET = 'PESDEMOTOTPSECRETFORSTAFFONLY234';

export const DEMO_OFFICERS: ReadonlyArray<{
  username: string;
  password: string;
  full_name: string;
  officer_id: string;
  rank: string;
  branch: Branch;
}> = [
  {
    username: 'traffic.officer',
    password: DEMO_OFFICER_PASSWORD,
    full_name: 'Nimal Perera',
    officer_id: 'TR-1001',
    rank: 'Sergeant',
    branch: 'Traffic Branch',
  },
  { username: 'crime.officer', password: DEMO_OFFICER_PASSWORD, full_name: 'Kavitha Raj', officer_id: 'CR-1001', rank: 'Inspector', branch: 'Crime Branch' },
  {
    username: 'minor.officer',
    password: DEMO_OFFICER_PASSWORD,
    full_name: 'Sunil Fernando',
    officer_id: 'MO-1001',
    rank: 'Sub-Inspector',
    branch: 'Minor Offense Branch',
  },
  {
    username: 'fines.officer',
    password: DEMO_OFFICER_PASSWORD,
    full_name: 'Chaminda Silva',
    officer_id: 'TF-1001',
    rank: 'Constable',
    branch: 'Traffic Fine Branch',
  },
  {
    username: 'clearance.officer',
    password: DEMO_OFFICER_PASSWORD,
    full_name: 'Fathima Rizwan',
    officer_id: 'AD-1001',
    rank: 'Inspector',
    branch: 'Admin Branch',
  },
];

export const DEMO_CITIZEN = {
  username: 'citizen',
  password: DEMO_CITIZEN_PASSWORD,
  first_name: 'Amaya',
  second_name: 'Wijesinghe',
  date_of_birth: '1990-04-12',
  email: 'amaya.w@example.lk',
  mobile_number: '+94771234567',
  identity_type: 'NIC' as const,
  identity_number: '199010312345',
  address: '25 Galle Road, Colombo 03',
  marital_status: 'Single' as const,
};
