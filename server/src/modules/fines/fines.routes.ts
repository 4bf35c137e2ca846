import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsQuerySchema,
  fineAnalyticsSchema,
  fineIdParamsSchema,
  fineListResponseSchema,
  fineSchema,
  fineSearchQuerySchema,
  initiatePaymentRequestSchema,
  initiatePaymentResponseSchema,
  issueFineRequestSchema,
  markPaidRequestSchema,
  officerFinesPageSchema,
  officerFinesQuerySchema,
} from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import type { FinesService } from './fines.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export function finesRoutes(deps: { guards: AuthGuards; fines: FinesService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { guards, fines } = deps;
  const fineOfficers = guards.require({ roles: ['police_officer'], branches: ['Traffic Fine Branch'] });
  const citizens = guards.require({ roles: ['citizen'] });
  const bearer = [{ bearer: [] }];

  return async (app) => {
    app.post(
      '/fines',
      {
        onRequest: fineOfficers,
        schema: {
          tags: ['fines'],
          summary: 'Issue a fine (Traffic Fine Branch)',
          security: bearer,
          body: issueFineRequestSchema,
          response: { 201: fineSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await fines.issue(principalOf(request), request.body)),
    );

    app.get(
      '/fines/officer/my-fines',
      {
        onRequest: fineOfficers,
        schema: {
          tags: ['fines'],
          summary: 'Fines issued by the signed-in officer, newest first; search is a vehicle or identity number prefix',
          security: bearer,
          querystring: officerFinesQuerySchema,
          response: { 200: officerFinesPageSchema, ...errors },
        },
      },
      async (request) => fines.listIssuedBy(principalOf(request), request.query),
    );

    app.get(
      '/fines/analytics/overview',
      {
        onRequest: fineOfficers,
        schema: {
          tags: ['fines'],
          summary: 'Violation counts, top locations and hours (Colombo time), optionally for one violation',
          security: bearer,
          querystring: analyticsQuerySchema,
          response: { 200: fineAnalyticsSchema, ...errors },
        },
      },
      async (request) => fines.analytics(request.query.offense_type),
    );

    app.get(
      '/fines/search',
      {
        onRequest: citizens,
        config: { rateLimit: limitedRoute('fine-search', deps.limits.fineSearch) },
        schema: {
          tags: ['fines'],
          summary: 'Fines matching identity type, identity number and vehicle number together; unpaid first',
          security: bearer,
          querystring: fineSearchQuerySchema,
          response: { 200: fineListResponseSchema, ...errors },
        },
      },
      // The database wrote this JSON from the fines' own columns (fines.repository.ts `fineJson`); a string
      // with a JSON content type is sent as it is, not parsed and serialised again.
      async (request, reply) => {
        const found = await fines.searchForCitizenJson(request.query);
        // (The cast: the type provider types send() with the response schema's object, not its JSON text.)
        return reply.type('application/json; charset=utf-8').send(`{"fines":${found}}` as never);
      },
    );

    app.get(
      '/fines/history',
      {
        onRequest: citizens,
        schema: {
          tags: ['fines'],
          summary: "The signed-in citizen's paid fines, newest payment first",
          security: bearer,
          response: { 200: fineListResponseSchema, ...errors },
        },
      },
      async (request) => ({ fines: await fines.history(principalOf(request)) }),
    );

    app.post(
      '/fines/:id/initiate-payment',
      {
        onRequest: citizens,
        config: { rateLimit: limitedRoute('checkout', deps.limits.checkout) },
        schema: {
          tags: ['fines'],
          summary: "Start a checkout for the fine's amount; the browser goes to the answered url",
          security: bearer,
          params: fineIdParamsSchema,
          body: initiatePaymentRequestSchema,
          response: { 200: initiatePaymentResponseSchema, ...errors, ...errorResponses(502) },
        },
      },
      async (request) => fines.initiatePayment(principalOf(request), request.params.id),
    );

    app.post(
      '/fines/:id/mark-paid',
      {
        onRequest: citizens,
        schema: {
          tags: ['fines'],
          summary: "Verify this citizen's checkout with the gateway and, if paid, mark the fine paid (once); answers the fine",
          security: bearer,
          params: fineIdParamsSchema,
          body: markPaidRequestSchema,
          response: { 200: fineSchema, ...errors, ...errorResponses(402, 502) },
        },
      },
      async (request) => fines.markPaid(principalOf(request), request.params.id, request.body?.session_id),
    );
  };
}
