import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import type { AuthGuards } from '../../http/authenticate';
import type { AuditService } from './audit.service';

export function auditRoutes(deps: { guards: AuthGuards; audit: AuditService }): FastifyPluginAsyncZod {
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  return async (app) => {
    app.get(
      '/admin/audit-log',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'The audit log, newest first, by actor, action and Colombo dates; keyset pages',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => deps.audit.list(request.query),
    );
  };
}
