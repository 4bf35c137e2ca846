import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createAuthGuards } from './http/authenticate';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, resolveAddressHashSecret, resolveTokenSecret } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createTokenSigner } from './modules/auth/tokens';
import { createPrincipalCache } from './modules/auth/principal-cache';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuditService } from './modules/audit/audit.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createFilesRepository } from './modules/files/files.repository';
import { createFilesService, UPLOAD_SWEEP_INTERVAL_MS } from './modules/files/files.service';
import { createFileStorage } from './modules/files/files.storage';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createStationsRepository } from './modules/stations/stations.repository';
import { createStationsService } from './modules/stations/stations.service';
import { stationsRoutes } from './modules/stations/stations.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createAdminConsoleService } from './modules/admin-console/admin-console.service';
import { adminConsoleRoutes } from './modules/admin-console/admin-console.routes';
import { createSlotsRepository } from './modules/slots/slots.repository';
import { createSlotsService } from './modules/slots/slots.service';
import { slotsRoutes } from './modules/slots/slots.routes';
import { createComplaintsRepository } from './modules/complaints/complaints.repository';
import { createComplaintsService } from './modules/complaints/complaints.service';
import { complaintsRoutes } from './modules/complaints/complaints.routes';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSandboxGateway } from './modules/payments/payments.sandbox';
import { createStripeGateway } from './modules/payments/payments.stripe';
import { sandboxRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes';
import { createFinesRepository } from './modules/fines/fines.repository';
import { createFinesService } from './modules/fines/fines.service';
import { finesRoutes } from './modules/fines/fines.routes';
import { createAnonymousRepository } from './modules/anonymous/anonymous.repository';
import { createAnonymousService } from './modules/anonymous/anonymous.service';
import { anonymousRoutes } from './modules/anonymous/anonymous.routes';
import { registerSharedRateLimits } from './modules/rate-limits/rate-limits.store';
import { createClearanceRepository } from './modules/clearance/clearance.repository';
import { createClearanceService } from './modules/clearance/clearance.service';
import { clearanceRoutes } from './modules/clearance/clearance.routes';

/** How often the payments are reconciled with the gateway (and once at start-up). */
const PAYMENT_RECONCILE_INTERVAL_MS = 60_000;

/**
 * The one place where repositories, services and routes are wired together, and where the registries
 * (payment fulfillers, file access policies) are filled. A new module adds its construction, its
 * registrations and its routes here.
 */
export async function composeModules(app: FastifyInstance, config: Config, database: DatabaseHandle) {
  const { db } = database;

  const stations = createStationsService({ stations: createStationsRepository(db) });
  // Officers' and administrators' writes are recorded by the services, inside their transactions.
  const audit = createAuditService({ db, audit: createAuditRepository(db) });
  const users = createUsersRepository(db);
  const authRepository = createAuthRepository(db);
  const tokenSecret = await resolveTokenSecret(config.tokenSecret, authRepository);
  const tokens = createTokenSigner(tokenSecret, config.tokenTtlSeconds);
  // Client addresses are kept only as hashes keyed by a secret of their own (not the token secret).
  const addressHashes = await resolveAddressHashSecret(config.addressHashSecret, authRepository);
  // Request limits on the public doors, counted in the database by every instance; callers kept only as keyed hashes.
  const rateLimits = await registerSharedRateLimits(app, db, `rate-limit:${addressHashes.secret}`);
  // Counters keyed under another secret can no longer be matched: gone with the old secret's other hashes.
  if (addressHashes.replaced) await rateLimits.deleteAll();
  const files = createFilesService({ storage: createFileStorage(config.uploadsDir), repository: createFilesRepository(db), log: app.log });
  const stopSweepingUploads = files.sweepEvery(UPLOAD_SWEEP_INTERVAL_MS);
  app.addHook('onClose', stopSweepingUploads);

  const principals = createPrincipalCache();
  const stopHearingPrincipalChanges = await principals.connect(database.listen);
  app.addHook('onClose', () => stopHearingPrincipalChanges());
  // Accounts are the base: auth and the administrator's console build on them, users depends on neither.
  const usersService = createUsersService({ users });
  const auth = createAuthService({ db, auth: authRepository, users: usersService, files, tokens, principals, audit, addressSecret: addressHashes.secret });
  const guards = createAuthGuards(app, (token) => auth.principalFromToken(token));
  const slots = createSlotsService({ db, slots: createSlotsRepository(db), stations, audit });
  const complaints = createComplaintsService({ db, complaints: createComplaintsRepository(db), stations, files, audit });
  // Payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the in-app sandbox (TEST) checkout.
  const sandbox = config.stripe ? undefined : createSandboxGateway(db);
  const gateway = config.stripe ? await createStripeGateway({ ...config.stripe, publicUrl: config.publicUrl }) : sandbox!.gateway;
  const payments = createPaymentsService({ db, gateway, payments: createPaymentsRepository(db), log: app.log });
  const finesService = createFinesService({ db, fines: createFinesRepository(db), payments, audit });

  const clearance = createClearanceService({ db, clearance: createClearanceRepository(db), files, payments, audit, publicUrl: config.publicUrl });

  const anonymous = createAnonymousService({ db, anonymous: createAnonymousRepository(db), stations, files, audit });
  const adminConsole = createAdminConsoleService({
    db,
    users: usersService,
    stations,
    auth,
    slots,
    complaints,
    clearance,
    fines: finesService,
    anonymous,
    audit,
  });
  // A Crime Branch officer's account takes the anonymous reports that waited for one.
  adminConsole.onOfficerCreated(async (officer) => {
    if (officer.branch !== 'Crime Branch') return;
    await anonymous.assignWaiting().catch((err: unknown) => app.log.error({ err }, 'assigning waiting anonymous complaints failed'));
  });
  // A deleted officer's open anonymous reports go to another Crime Branch officer, in the deletion's transaction.
  adminConsole.onOfficerDeactivated(async (officer, tx) => {
    await anonymous.reassignFromOfficer(officer.officerRowId, tx);
  });

  payments.registerFulfiller('fine', finesService.fulfilPayment);
  payments.registerFulfiller('clearance', clearance.fulfilFee);
  files.registerPolicy('clearance_document', clearance.documentPolicy);
  files.registerPolicy('clearance_certificate', clearance.certificatePolicy);
  // Payments the gateway took but that were never fulfilled here (a crash, a lost webhook), and refunds due.
  const stopReconcilingPayments = payments.reconcileEvery(PAYMENT_RECONCILE_INTERVAL_MS);
  app.addHook('onClose', stopReconcilingPayments);
  files.registerPolicy('complaint_attachment', complaints.attachmentPolicy);
  files.registerPolicy('anonymous_evidence', anonymous.evidencePolicy);

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ db, databaseKind: database.kind }));
      await api.register(stationsRoutes({ stations }));
      await api.register(authRoutes({ guards, auth, secureCookies: config.production, limits: config.rateLimits }));
      await api.register(adminConsoleRoutes({ guards, adminConsole, complaints }));
      await api.register(auditRoutes({ guards, audit }));
      await api.register(slotsRoutes({ guards, slots, limits: config.rateLimits }));
      await api.register(complaintsRoutes({ guards, complaints, limits: config.rateLimits }));
      await api.register(finesRoutes({ guards, fines: finesService, limits: config.rateLimits }));
      await api.register(clearanceRoutes({ guards, clearance, limits: config.rateLimits }));
      await api.register(anonymousRoutes({ guards, anonymous, limits: config.rateLimits }));
      if (sandbox) await api.register(sandboxRoutes({ sandbox, payments, limits: config.rateLimits }));
      await api.register(stripeWebhookRoutes({ payments }));
    },
    { prefix: '/api' },
  );
  await app.register(filesRoutes({ guards, files }));

  return {
    db,
    audit,
    stations,
    users,
    usersService,
    adminConsole,
    anonymous,
    rateLimits,
    auth,
    authRepository,
    principals,
    files,
    tokens,
    guards,
    payments,
    finesService,
    clearance,
  };
}
export type Modules = Awaited<ReturnType<typeof composeModules>>;
