import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, auditVerificationSchema, auditVerifyQuerySchema } from '@pes/contracts';
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

    app.get(
      '/admin/audit-log/verify',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: "Walks the audit log's hash chain: whether every entry is unchanged and in place, and the first that is not",
          querystring: auditVerifyQuerySchema,
          response: { 200: auditVerificationSchema, ...errorResponses(400, 401, 403) },
        },
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
