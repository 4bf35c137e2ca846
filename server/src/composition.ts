import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createAuthGuards } from './http/authenticate';
import { formRoutes } from './http/endpoint-route';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, resolveAddressHashSecret, resolveTokenSecret } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createSignupPhotoRepository } from './modules/auth/signup-photo.repository';
import { signupPhotoRoutes } from './modules/auth/signup-photo.routes';
import { createSignupPhotoService } from './modules/auth/signup-photo.service';
import { createTokenSigner } from './modules/auth/tokens';
import { createPrincipalCache } from './modules/auth/principal-cache';
import { createMfaRepository } from './modules/auth/mfa.repository';
import { createMfaService } from './modules/auth/mfa.service';
import { mfaRoutes } from './modules/auth/mfa.routes';
import { createSessionIdle } from './modules/auth/session-idle';
import { createSessionLastUse } from './modules/auth/sessions.last-used';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionsService } from './modules/auth/sessions.service';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { createAccountService } from './modules/account/account.service';
import { accountRoutes } from './modules/account/account.routes';
import { createDataViewsRepository } from './modules/data-views/data-views.repository';
import { createDataViewsService } from './modules/data-views/data-views.service';
import { dataViewsRoutes } from './modules/data-views/data-views.routes';
import { createPasswordsRepository } from './modules/auth/passwords.repository';
import { createPasswordChangeService } from './modules/auth/password-change.service';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { passwordResetTokens } from './modules/auth/password-reset.token';
import { passwordsRoutes } from './modules/auth/passwords.routes';
import { createAuditRepository } from './modules/audit/audit.repository';
import { actorOf, createAuditService } from './modules/audit/audit.service';
import { logChainOutcome } from './modules/audit/audit.verification';
import { auditRoutes } from './modules/audit/audit.routes';
import { createFilesRepository } from './modules/files/files.repository';
import { createFilesService, UPLOAD_SWEEP_CRON } from './modules/files/files.service';
import { createJobQueue, type JobQueue } from './modules/jobs/jobs.service';
import { createDomainEvents } from './modules/jobs/domain-events';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createHttpSmsGateway, createSmtpSender } from './modules/notifications/notifications.providers';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createLocalFileStorage } from './modules/files/files.storage.local';
import { createS3FileStorage } from './modules/files/files.storage.s3';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createStationsRepository } from './modules/stations/stations.repository';
import { createStationsService } from './modules/stations/stations.service';
import { stationsRoutes } from './modules/stations/stations.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createIdentityCollisionsRepository } from './modules/users/identity-collisions.repository';
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
import { createWorkloadRepository } from './modules/workload/workload.repository';
import { createWorkloadService, WORKLOAD_FOLD_CRON } from './modules/workload/workload.service';
import { anonymousRoutes } from './modules/anonymous/anonymous.routes';
import { registerSharedRateLimits } from './modules/rate-limits/rate-limits.store';
import { createClearanceRepository } from './modules/clearance/clearance.repository';
import { createClearanceService } from './modules/clearance/clearance.service';
import { clearanceRoutes } from './modules/clearance/clearance.routes';
import type { TrafficMeter } from './http/traffic-meter';

/** When the payments are reconciled with the gateway (and once at start-up): every minute. */
const PAYMENT_RECONCILE_CRON = '* * * * *';
/** The audit chain's incremental verification (and once at start-up): every minute. */
const AUDIT_VERIFY_CRON = '* * * * *';
/** The full walk of the audit chain: nightly, at 02:15 in Colombo (20:45 UTC), when the portal is quietest. */
const AUDIT_FULL_WALK_CRON = '45 20 * * *';

/**
 * A module's routes in the scope they are registered in, not one of their own (fastify-plugin): Fastify gives each
 * scope its own request and reply classes, and the code every request runs (Fastify's own, the guards, the limits)
 * slows down once it has met many of them: ~10 % of the hot routes' CPU with a scope per module (issue 26). The
 * modules add no hooks, parsers or decorations of their own; the ones that do (the webhook, the forms) keep a scope.
 */
const inScope = fp;

/**
 * The one place where repositories, services and routes are wired together, and where the registries
 * (payment fulfillers, file access policies) are filled. A new module adds its construction, its
 * registrations and its routes here. `traffic`: the requests this instance is answering per second (counted as each
 * arrives, app.ts).
 */
export async function composeModules(app: FastifyInstance, config: Config, database: DatabaseHandle, traffic: TrafficMeter) {
  const { db } = database;
  // The bulkhead: the reads behind officers' and administrators' pages go to a pool of their own (DatabaseHandle.staffReads),
  // given to their services here; citizens, the public, every write and the jobs keep `db`.
  const { staffReads } = database;

  const stations = createStationsService({ stations: createStationsRepository(db) });
  // Officers' and administrators' writes are recorded by the services, inside their transactions.
  // (Its full walk's job is enqueued through the job queue, created below: looked up when an administrator asks.)
  const audit = createAuditService({ db, staffReads, audit: createAuditRepository(db), enqueueFullWalk: (tx) => jobs.enqueue(tx, 'audit-full-walk', {}) });
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
  // Uploaded files: in an S3-compatible bucket when FILE_STORAGE=s3, otherwise on the local disk (DATA_DIR/uploads).
  const storage = config.s3Storage ? await createS3FileStorage(config.s3Storage) : createLocalFileStorage(config.uploadsDir);
  const files = createFilesService({ db, storage, repository: createFilesRepository(db), log: app.log });
  // Set when the process is asked to stop: readiness turns 503 while requests in hand and those still arriving are served.
  let draining = false;
  // Jobs in the database: work caused by a change is enqueued in its transaction; periodic work is scheduled.
  const jobs = createJobQueue({ rawSql: database.rawSql, log: app.log, busy: () => traffic.perSecond() >= config.jobsBusyRequestsPerSecond });
  if (config.metrics) await serveMetrics(app, config.metrics, database, jobs);
  const events = createDomainEvents({ jobs });
  // Signup live photos taken on a phone: their handoffs and photos, in the database and the file storage.
  const signupPhotos = createSignupPhotoService({ db, repository: createSignupPhotoRepository(db), files, publicUrl: config.publicUrl, log: app.log });
  jobs.work('upload-sweep', async () => {
    await files.sweep();
    await signupPhotos.sweep();
  });
  jobs.schedule('upload-sweep', UPLOAD_SWEEP_CRON);

  const principals = createPrincipalCache();
  const stopHearingPrincipalChanges = await principals.connect(database.listen);
  app.addHook('onClose', () => stopHearingPrincipalChanges());
  // Accounts are the base: auth and the administrator's console build on them, users depends on neither.
  const usersService = createUsersService({ users, identityCollisions: createIdentityCollisionsRepository(db) });
  // Messages to citizens: SMTP and the SMS gateway when configured; otherwise kept for the administrator to read.
  const smtp = config.notifications.smtpUrl ? createSmtpSender(config.notifications.smtpUrl, config.notifications.mailFrom) : undefined;
  const notifications = createNotificationsService({
    db,
    staffReads,
    notifications: createNotificationsRepository(db),
    users: usersService,
    stations,
    jobs,
    email: smtp,
    sms: config.notifications.sms ? createHttpSmsGateway(config.notifications.sms.url, config.notifications.sms.token) : undefined,
    publicUrl: config.publicUrl,
    reminderMinutes: config.notifications.reminderMinutes,
  });
  events.subscribe(notifications.onEvent);
  jobs.work('notification-send', notifications.deliver, { batchSize: 20 });
  // Staff's second factor (TOTP), after their password.
  const mfa = createMfaService({ db, mfa: createMfaRepository(db), throttle: authRepository, audit, events, tokenSecret, addressSecret: addressHashes.secret });
  const auth = createAuthService({
    db,
    auth: authRepository,
    users: usersService,
    files,
    tokens,
    principals,
    audit,
    preferences: notifications,
    addressSecret: addressHashes.secret,
    secondFactor: mfa,
    idle: createSessionIdle(db),
    lastUse: createSessionLastUse(db),
    livePhotos: signupPhotos,
    events,
  });
  // The sessions a person sees and ends themselves ("signed-in devices").
  const sessions = createSessionsService({
    sessions: createSessionsRepository(db),
    principals,
    users: usersService,
    throttle: authRepository,
    addressSecret: addressHashes.secret,
    db,
    events,
  });
  const guards = createAuthGuards(app, { known: (token) => auth.knownPrincipal(token), resolve: (token) => auth.principalFromToken(token) });
  // Passwords changed by their owner, and set again through a one-time link sent by the notifications module.
  const passwordsRepository = createPasswordsRepository(db);
  const passwordChange = createPasswordChangeService({
    db,
    users: usersService,
    passwords: passwordsRepository,
    throttle: authRepository,
    principals,
    audit,
    events,
    addressSecret: addressHashes.secret,
  });
  const passwordReset = createPasswordResetService({
    db,
    users: usersService,
    tokens: passwordResetTokens(tokenSecret),
    events,
    passwords: passwordsRepository,
    principals,
    audit,
    publicUrl: config.publicUrl,
  });
  notifications.registerSecret('password_reset', passwordReset.linkFor);
  events.subscribe(passwordReset.onEvent);
  const slots = createSlotsService({ db, staffReads, slots: createSlotsRepository(db), stations, audit });
  const complaints = createComplaintsService({ db, staffReads, complaints: createComplaintsRepository(db), stations, files, audit, events });
  // Payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the in-app sandbox (TEST) checkout.
  const sandbox = config.stripe ? undefined : createSandboxGateway(db);
  const gateway = config.stripe ? await createStripeGateway({ ...config.stripe, publicUrl: config.publicUrl }) : sandbox!.gateway;
  const payments = createPaymentsService({ db, gateway, payments: createPaymentsRepository(db), log: app.log });
  const finesService = createFinesService({ db, staffReads, fines: createFinesRepository(db), payments, audit, events, stations });

  const clearance = createClearanceService({
    db,
    staffReads,
    clearance: createClearanceRepository(db),
    files,
    payments,
    audit,
    events,
    publicUrl: config.publicUrl,
  });

  // An officer's work, counted once from each module's records: the least-loaded assignment of anonymous reports
  // reads those sums live; the admin's workload table reads the same measure from the summary the database keeps,
  // whose noted changes this job folds in each minute (the table reads them unfolded as well: exact either way).
  const workload = createWorkloadService(createWorkloadRepository(db));
  jobs.work('workload-fold', async () => {
    await workload.fold();
  });
  jobs.schedule('workload-fold', WORKLOAD_FOLD_CRON);
  const anonymous = createAnonymousService({ db, staffReads, anonymous: createAnonymousRepository(db), stations, files, audit, workload });
  workload.registerSource(complaints.workloadByOfficer);
  workload.registerSource(clearance.workloadByOfficer, ['Admin Branch']);
  workload.registerSource(finesService.issuedByOfficer, ['Traffic Fine Branch']);
  workload.registerSource(anonymous.workloadByOfficer, ['Crime Branch']);
  // "Who has looked at my data?": the citizen's views of their data from the audit log, and the attention list of flags.
  const dataViews = createDataViewsService({ db, staffReads, repository: createDataViewsRepository(db), audit });
  // A citizen's own data and the closing of their account, from each module's service.
  const account = createAccountService({ db, users: usersService, sessions, complaints, clearance, fines: finesService, payments, audit, dataViews, events });
  const adminConsole = createAdminConsoleService({ db, staffReads, users: usersService, stations, auth, slots, workload, audit, files });
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
  jobs.work('payment-reconcile', async () => {
    await payments.reconcile();
  });
  jobs.schedule('payment-reconcile', PAYMENT_RECONCILE_CRON);
  // The audit log's hash chain, verified by jobs, never in a request: the entries appended since the last verified
  // one every minute, and the whole chain from its first entry nightly (or when an administrator asks).
  jobs.work('audit-verify', async () => {
    const outcome = await audit.verifyStep();
    logChainOutcome(app.log, outcome);
  });
  jobs.schedule('audit-verify', AUDIT_VERIFY_CRON);
  jobs.work('audit-full-walk', async () => {
    const outcome = await audit.fullWalk();
    logChainOutcome(app.log, outcome);
  });
  jobs.schedule('audit-full-walk', AUDIT_FULL_WALK_CRON);
  files.registerPolicy('complaint_attachment', complaints.attachmentPolicy);
  files.registerPolicy('anonymous_evidence', anonymous.evidencePolicy);
  // Every view of a citizen's identity photos or documents by someone else is on the record: one entry per page that
  // showed them (naming the documents), or per file read that no such page covers. The reader's station is kept with
  // it: the citizen is told which station looked (never who), as it was then.
  files.onIdentityView(async (reader, view, tx) => {
    await audit.record(
      {
        actor: actorOf(reader),
        action: 'identity.view',
        subject: { type: 'user', id: view.ownerUserId },
        summary: { documents: view.documents, ...(view.reference ? { reference: view.reference } : {}), station: reader.station },
      },
      tx,
    );
  });
  // The audit log names the people and records its entries are about, in words its reader can follow.
  audit.registerDescriber('user', usersService.describeForAudit);
  audit.registerDescriber('officer', usersService.describeOfficersForAudit);
  audit.registerDescriber('complaint', complaints.describeForAudit);
  audit.registerDescriber('clearance', clearance.describeForAudit);
  audit.registerDescriber('slot', slots.describeForAudit);
  audit.registerDescriber('anonymous', anonymous.describeForAudit);

  await app.register(
    async (api) => {
      await api.register(inScope(healthRoutes({ db, draining: () => draining })));
      await api.register(inScope(stationsRoutes({ stations })));
      await api.register(inScope(authRoutes({ guards, auth, secureCookies: config.production, limits: config.rateLimits })));
      await api.register(inScope(signupPhotoRoutes({ photos: signupPhotos, limits: config.rateLimits })));
      await api.register(inScope(mfaRoutes({ guards, auth, mfa, secureCookies: config.production })));
      await api.register(inScope(passwordsRoutes({ guards, change: passwordChange, reset: passwordReset, limits: config.rateLimits })));
      await api.register(inScope(adminConsoleRoutes({ guards, adminConsole, complaints })));
      await api.register(inScope(auditRoutes({ guards, audit })));
      await api.register(inScope(slotsRoutes({ guards, slots, limits: config.rateLimits })));
      await api.register(inScope(complaintsRoutes({ guards, complaints, limits: config.rateLimits })));
      await api.register(inScope(finesRoutes({ guards, fines: finesService, limits: config.rateLimits })));
      await api.register(inScope(clearanceRoutes({ guards, clearance, limits: config.rateLimits })));
      await api.register(inScope(anonymousRoutes({ guards, anonymous, limits: config.rateLimits })));
      if (sandbox) await api.register(inScope(sandboxRoutes({ sandbox, payments, limits: config.rateLimits })));
      // Its own scope: it reads JSON bodies as raw bytes (their signature covers them).
      await api.register(stripeWebhookRoutes({ payments }));
      await api.register(inScope(notificationsRoutes({ guards, notifications })));
      await api.register(inScope(sessionsRoutes({ guards, sessions })));
      await api.register(inScope(accountRoutes({ guards, account, secureCookies: config.production })));
      await api.register(inScope(dataViewsRoutes({ guards, dataViews })));
      await api.register(formRoutes(api));
    },
    { prefix: '/api' },
  );
  await app.register(inScope(filesRoutes({ guards, files })));

  await jobs.start();
  // The SMTP connections close once the jobs in hand have sent what they were sending.
  app.addHook('onClose', async () => {
    await jobs.stop();
    smtp?.close();
    storage.close();
  });
  // The periodic work also runs once at start-up, as it did before it was scheduled.
  await jobs.sendNow('upload-sweep');
  await jobs.sendNow('payment-reconcile');
  await jobs.sendNow('audit-verify');

  return {
    /** The requests per second this instance is answering (counted as each arrives). */
    traffic,
    /** Readiness answers 503 from now on, so the load balancer sends no new requests here (a stop on SIGTERM). */
    startDraining() {
      draining = true;
    },
    db,
    audit,
    stations,
    users,
    usersService,
    adminConsole,
    anonymous,
    workload,
    rateLimits,
    auth,
    authRepository,
    sessions,
    account,
    mfa,
    principals,
    files,
    signupPhotos,
    tokens,
    guards,
    payments,
    finesService,
    clearance,
    jobs,
    events,
    notifications,
  };
}
export type Modules = Awaited<ReturnType<typeof composeModules>>;

/**
 * Prometheus metrics (METRICS_PORT): every answer's duration by route pattern, read by one callback-form onResponse
 * hook (no promise per request), the pool and the job queue read at scrape time, on a listener of its own that opens
 * when the app is ready and closes with it (after the draining, so a stopping instance is still watched).
 */
async function serveMetrics(app: FastifyInstance, settings: { host: string; port: number }, database: DatabaseHandle, jobs: JobQueue) {
  // prom-client loads only where metrics are on.
  const { createMetrics, startMetricsServer } = await import('./http/metrics');
  const metrics = createMetrics({
    poolStats: database.poolStats,
    queueDepth: () => jobs.depth(),
    log: (err, message) => app.log.warn({ err }, message),
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  let listener: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  app.addHook('onReady', async () => {
    listener = await startMetricsServer(metrics, settings);
    app.log.info({ host: settings.host, port: listener.port }, 'metrics at /metrics');
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
}
