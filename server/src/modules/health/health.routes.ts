import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type Database } from '../../db/client';

export function healthRoutes(deps: { db: Database; databaseKind: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string() }),
            503: z.object({ status: z.literal('unavailable'), database: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await pingDatabase(deps.db);
          return { status: 'ok' as const, database: deps.databaseKind };
        } catch {
          return reply.status(503).send({ status: 'unavailable' as const, database: deps.databaseKind });
        }
      },
    );
  };
}
