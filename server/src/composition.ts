import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createAuthGuards } from './http/authenticate';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, resolveTokenSecret } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createTokenSigner } from './modules/auth/tokens';
import { createPrincipalCache } from './modules/auth/principal-cache';
import { createFilesRepository } from './modules/files/files.repository';
import { createFilesService, UNCLAIMED_SWEEP_INTERVAL_MS } from './modules/files/files.service';
import { createFileStorage } from './modules/files/files.storage';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createStationsRepository } from './modules/stations/stations.repository';
import { createStationsService } from './modules/stations/stations.service';
import { stationsRoutes } from './modules/stations/stations.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { usersRoutes } from './modules/users/users.routes';
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

/**
 * The one place where repositories, services and routes are wired together, and where the registries
 * (payment fulfillers, file access policies) are filled. A new module adds its construction, its
 * registrations and its routes here.
 */
export async function composeModules(app: FastifyInstance, config: Config, database: DatabaseHandle) {
  const { db } = database;

  const stations = createStationsService({ stations: createStationsRepository(db) });
  const users = createUsersRepository(db);
  const authRepository = createAuthRepository(db);
  const tokens = createTokenSigner(await resolveTokenSecret(config.tokenSecret, authRepository), config.tokenTtlSeconds);
  const files = createFilesService({ storage: createFileStorage(config.uploadsDir), repository: createFilesRepository(db), log: app.log });
  const stopSweepingUploads = files.sweepUnclaimedEvery(UNCLAIMED_SWEEP_INTERVAL_MS);
  app.addHook('onClose', stopSweepingUploads);

  const principals = createPrincipalCache();
  const stopHearingPrincipalChanges = await principals.connect(database.listen);
  app.addHook('onClose', () => stopHearingPrincipalChanges());
  // Users end sessions through auth, and auth reads accounts through users: the revocation is looked up when called.
  const usersService = createUsersService({ db, users, stations, revokeSessions: (userId) => auth.revokeUserSessions(userId) });
  const auth = createAuthService({ db, auth: authRepository, users: usersService, files, tokens, principals });
  const guards = createAuthGuards(app, (token) => auth.principalFromToken(token));
  const slots = createSlotsService({ slots: createSlotsRepository(db), stations });
  const complaints = createComplaintsService({ db, complaints: createComplaintsRepository(db), stations, files });
  // Payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the in-app sandbox (TEST) checkout.
  const sandbox = config.stripe ? undefined : createSandboxGateway(db);
  const gateway = config.stripe ? await createStripeGateway({ ...config.stripe, publicUrl: config.publicUrl }) : sandbox!.gateway;
  const payments = createPaymentsService({ db, gateway, payments: createPaymentsRepository(db), log: app.log });
  const finesService = createFinesService({ db, fines: createFinesRepository(db), payments });

  payments.registerFulfiller('fine', finesService.fulfilPayment);
  files.registerPolicy('complaint_attachment', complaints.attachmentPolicy);

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ db, databaseKind: database.kind }));
      await api.register(stationsRoutes({ stations }));
      await api.register(authRoutes({ guards, auth, secureCookies: config.production }));
      await api.register(usersRoutes({ guards, users: usersService }));
      await api.register(slotsRoutes({ guards, slots }));
      await api.register(complaintsRoutes({ guards, complaints }));
      await api.register(finesRoutes({ guards, fines: finesService }));
      if (sandbox) await api.register(sandboxRoutes({ sandbox, payments }));
      await api.register(stripeWebhookRoutes({ payments }));
    },
    { prefix: '/api' },
  );
  await app.register(filesRoutes({ guards, files }));

  return { db, stations, users, usersService, auth, authRepository, principals, files, tokens, guards, payments, finesService };
}
export type Modules = Awaited<ReturnType<typeof composeModules>>;
