import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createAuthGuards } from './http/authenticate';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, resolveTokenSecret } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createTokenSigner } from './modules/auth/tokens';
import { createFilesRepository } from './modules/files/files.repository';
import { createFilesService, type FileAccessPolicy } from './modules/files/files.service';
import { createFileStorage } from './modules/files/files.storage';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createStationsRepository } from './modules/stations/stations.repository';
import { stationsRoutes } from './modules/stations/stations.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { usersRoutes } from './modules/users/users.routes';

/**
 * The one place where repositories, services and routes are wired together.
 * A new module adds its construction and its routes here.
 */
export async function composeModules(app: FastifyInstance, config: Config, database: DatabaseHandle) {
  const { db } = database;

  const stations = createStationsRepository(db);
  const users = createUsersRepository(db);
  const authRepository = createAuthRepository(db);
  const tokens = createTokenSigner(await resolveTokenSecret(config.tokenSecret, authRepository), config.tokenTtlSeconds);

  const filePolicies: Record<string, FileAccessPolicy> = {};
  const files = createFilesService({
    db,
    storage: createFileStorage(config.uploadsDir),
    repository: createFilesRepository(),
    policies: filePolicies,
  });

  const auth = createAuthService({ db, auth: authRepository, users, files, tokens });
  const usersService = createUsersService({ db, users, stations });
  const guards = createAuthGuards(app, (token) => auth.principalFromToken(token));

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ db, databaseKind: database.kind }));
      await api.register(stationsRoutes({ stations }));
      await api.register(authRoutes({ guards, auth, secureCookies: config.production }));
      await api.register(usersRoutes({ guards, users: usersService }));
    },
    { prefix: '/api' },
  );
  await app.register(filesRoutes({ guards, files }));

  return { db, stations, users, usersService, auth, files, tokens, guards };
}
export type Modules = Awaited<ReturnType<typeof composeModules>>;
