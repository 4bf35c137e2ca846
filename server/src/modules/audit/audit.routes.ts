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
        summary: "Walks the audit log's hash chain: whether every entry is unchanged and in place, and the first that is not",
        errors,
        onRequest: adminOnly,
      },
      async (request) => {
        const result = await deps.audit.verify(request.query);
        // The head in the log too: kept where the database's administrators cannot write, it anchors later checks.
        if (result.ok) request.log.info({ auditChain: result }, 'audit log verified: the chain is intact');
        else request.log.warn({ auditChain: result }, 'audit log verified: the chain is broken');
        return result;
      },
    );
  };
}
