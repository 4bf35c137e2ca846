import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type Database } from '../../db/client';

/** A database that does not answer within this is reported as down (a frozen one would otherwise hold the probe). */
const PING_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Database) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// The answer names no software (the database's kind was here): a probe needs up or down, and an attacker
// choosing exploits needs the rest.
const statusSchema = z.object({ status: z.literal('ok') });
const unavailableSchema = z.object({ status: z.enum(['unavailable', 'draining']) });

/**
 * /health: the server and its database (503 while the database does not answer); /health/live: the process
 * answers (never touches the database, so an orchestrator does not restart a server that waits out a
 * database outage); /health/ready: whether to send it traffic (503 while the database does not answer, and from the
 * moment the process is asked to stop: the load balancer then sends new requests elsewhere).
 */
export function healthRoutes(deps: { db: Database; draining: () => boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    const withDatabase = async (_request: unknown, reply: import('fastify').FastifyReply) => {
      if (await databaseAnswers(deps.db)) return { status: 'ok' as const };
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable' as const });
    };
    const schema = { tags: ['health'], response: { 200: statusSchema, 503: unavailableSchema } };
    app.get('/health', { schema }, withDatabase);
    app.get('/health/ready', { schema }, async (request, reply) => {
      if (!deps.draining()) return withDatabase(request, reply);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'draining' as const });
    });
    app.get('/health/live', { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));
  };
}
