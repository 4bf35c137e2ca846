import type { Config } from '../config';
import type { Modules } from '../composition';
import { hashPassword } from '../modules/users/password';
import { DEMO_CITIZEN, DEMO_OFFICERS, DEMO_STATION, DEMO_TOTP_SECRET } from './demo-accounts';
import { seedDemoFines } from './demo-fines';

/**
 * Start-up data: the stations (reference data, always), the configured administrator, and in
 * development an empty database also gets the demo officers and citizen.
 */
export async function seedOnStart(config: Config, modules: Modules, log: { info(msg: string): void }) {
  const added = await modules.stations.seedIfEmpty();
  if (added) log.info(`seeded ${added} police stations`);
  if (config.admin) await modules.adminConsole.ensureAdministrator(config.admin.username, config.admin.password, DEMO_STATION);
  if (!config.seedDemo) return;
  if ((await modules.users.countByRole('police_officer')) > 0 || (await modules.users.countByRole('citizen')) > 0) {
    await seedDemoSecondFactors(config, modules);
    return;
  }

  // The demo officers are created by the start-up itself, which the audit log names as such.
  const seedActor = { userId: null, username: 'system:seed', role: null, branch: null, stationId: null };
  for (const officer of DEMO_OFFICERS) {
    await modules.adminConsole.createOfficer(seedActor, { ...officer, badge_number: undefined, station: DEMO_STATION });
  }
  const c = DEMO_CITIZEN;
  await modules.db.transaction(async (tx) => {
    const user = await modules.users.insertUser({ username: c.username, passwordHash: await hashPassword(c.password), role: 'citizen', stationId: null }, tx);
    await modules.users.insertCitizenProfile(
      {
        userId: user.id,
        firstName: c.first_name,
        secondName: c.second_name,
        dateOfBirth: c.date_of_birth,
        email: c.email,
        mobileNumber: c.mobile_number,
        identityType: c.identity_type,
        identityNumber: c.identity_number,
        address: c.address,
        maritalStatus: c.marital_status,
      },
      tx,
    );
  });
  log.info(`seeded demo accounts: ${DEMO_OFFICERS.length} officers and 1 citizen at ${DEMO_STATION}`);
  log.info(`seeded ${await seedDemoFines(modules)} demo traffic fines`);
  await seedDemoSecondFactors(config, modules);
  log.info(`demo staff accounts sign in with the demo TOTP secret ${DEMO_TOTP_SECRET} (README: "Demo accounts")`);
}

/**
 * Development only (seedDemo is never on in production): the demo staff accounts (the configured administrator
 * and the demo officers) get the fixed, published DEMO_TOTP_SECRET as their second factor, unless they have one,
 * so they sign in out of the box with codes from it. After an administrator resets one, it is set up at its next
 * sign-in as any account would be, until the next start gives it the demo secret again.
 */
async function seedDemoSecondFactors(config: Config, modules: Modules) {
  if (config.production) return;
  const usernames = [...(config.admin ? [config.admin.username] : []), ...DEMO_OFFICERS.map((o) => o.username)];
  for (const username of usernames) {
    const user = await modules.users.findByUsername(username);
    if (user && user.role !== 'citizen') await modules.mfa.seedDemoSecret(user.id, DEMO_TOTP_SECRET);
  }
}
