import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import type { AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { AuditService } from './audit.service';

export function auditRoutes(deps: { guards: AuthGuards; audit: AuditService }): FastifyPluginAsyncZod {
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  const errors = errorResponses(400, 401, 403);
  return async (app) => {
    route(
      app,
      adminEndpoints.auditLog,
      { tags: ['admin'], summary: 'The audit log, newest first, by actor, action and Colombo dates; keyset pages', errors, onRequest: adminOnly },
      async (request) => deps.audit.list(request.query),
    );

    route(
      app,
      adminEndpoints.verifyAuditLog,
      {
        tags: ['admin'],
        summary:
          "Where the verification of the audit log's hash chain stands, as its jobs left it (nothing is walked here): the last verified entry, the full walk's progress and result, any break; with an anchor, whether it still holds",
        errors,
        onRequest: adminOnly,
      },
      async (request) => deps.audit.verification(request.query),
    );

    route(
      app,
      adminEndpoints.requestAuditFullWalk,
      {
        tags: ['admin'],
        summary: 'Asks for a full walk of the hash chain now (a job); nothing more while one is asked for or running',
        errors: errorResponses(401, 403),
        onRequest: adminOnly,
      },
      async (_request, reply) => reply.status(202).send(await deps.audit.requestFullWalk()),
    );
  };
}
