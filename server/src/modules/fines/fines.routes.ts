import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finesEndpoints } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import { sendJsonText } from '../../http/json-text';
import type { FinesService } from './fines.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export function finesRoutes(deps: { guards: AuthGuards; fines: FinesService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { guards, fines } = deps;
  const documented = { tags: ['fines'], security: [{ bearer: [] }], errors };
  const fineOfficers = { ...documented, onRequest: guards.require({ roles: ['police_officer'], branches: ['Traffic Fine Branch'] }) };
  const citizens = { ...documented, onRequest: guards.require({ roles: ['citizen'] }) };

  return async (app) => {
    route(app, finesEndpoints.issue, { ...fineOfficers, summary: 'Issue a fine (Traffic Fine Branch)' }, async (request, reply) =>
      reply.status(201).send(await fines.issue(principalOf(request), request.body)),
    );

    route(
      app,
      finesEndpoints.officerFines,
      { ...fineOfficers, summary: 'Fines issued by the signed-in officer, newest first; search is a vehicle or identity number prefix' },
      async (request) => fines.listIssuedBy(principalOf(request), request.query),
    );

    route(
      app,
      finesEndpoints.analytics,
      { ...fineOfficers, summary: 'Violation counts, top locations and hours (Colombo time), optionally for one violation and one station' },
      async (request) => fines.analytics(request.query),
    );

    route(
      app,
      finesEndpoints.search,
      {
        ...citizens,
        summary: 'Fines matching identity type, identity number and vehicle number together; unpaid first',
        config: { rateLimit: limitedRoute('fine-search', deps.limits.fineSearch) },
      },
      // The database wrote this JSON from the fines' own columns (fines.repository.ts `fineJson`).
      async (request, reply) => sendJsonText(reply, `{"fines":${await fines.searchForCitizenJson(request.query)}}`),
    );

    route(app, finesEndpoints.history, { ...citizens, summary: "A page of the signed-in citizen's paid fines, newest payment first" }, async (request) =>
      fines.history(principalOf(request), request.query),
    );

    route(
      app,
      finesEndpoints.initiatePayment,
      {
        ...citizens,
        summary: "Start a checkout for the fine's amount; the browser goes to the answered url",
        errors: { ...errors, ...errorResponses(502) },
        config: { rateLimit: limitedRoute('checkout', deps.limits.checkout) },
      },
      async (request) => fines.initiatePayment(principalOf(request), request.params.id),
    );

    route(
      app,
      finesEndpoints.markPaid,
      {
        ...citizens,
        summary: "Verify this citizen's checkout with the gateway and, if paid, mark the fine paid (once); answers the fine",
        errors: { ...errors, ...errorResponses(402, 502) },
      },
      async (request) => fines.markPaid(principalOf(request), request.params.id, request.body?.session_id),
    );
  };
}
