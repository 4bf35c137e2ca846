import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ANONYMOUS_EVIDENCE_FIELD,
  ANONYMOUS_OFFICER_PAGE_SIZE,
  ANONYMOUS_REPORTER_HEADER,
  ANONYMOUS_REPORTER_KEY_PATTERN,
  anonymousEndpoints,
} from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import { parseMultipart } from '../../http/multipart';
import { clientAddress, limitedRoute, secondLimit } from '../rate-limits/rate-limits.store';
import type { RateLimits } from '../../config';
import type { AnonymousService } from './anonymous.service';

const errors = errorResponses(400, 401, 403, 404);

/** The browser behind an anonymous report: its own random key; without one (or a malformed one), its address. */
function reporterOf(request: FastifyRequest) {
  const key = request.headers[ANONYMOUS_REPORTER_HEADER];
  return typeof key === 'string' && ANONYMOUS_REPORTER_KEY_PATTERN.test(key) ? `reporter:${key}` : clientAddress(request);
}
const tags = ['anonymous'];

export function anonymousRoutes(deps: { guards: AuthGuards; anonymous: AnonymousService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { anonymous } = deps;
  const crimeOfficers = { tags, errors, onRequest: deps.guards.require({ roles: ['police_officer'], branches: ['Crime Branch'] }) };
  // The anonymous reporter's doors count per client address (never an account: there is none), reports also per
  // browser, and the counters are deleted when their window ends (rate-limits/rate-limits.store.ts).
  const crowd = limitedRoute('anonymous-report-address', deps.limits.anonymousReportAddress, clientAddress);
  const tracking = limitedRoute('anonymous-track', deps.limits.anonymousTrack, clientAddress);
  return async (app) => {
    const perBrowser = secondLimit(app, 'anonymous-report', deps.limits.anonymousReport, reporterOf);
    route(
      app,
      anonymousEndpoints.submit,
      {
        tags,
        summary: `Files an anonymous complaint, no account (multipart: station, complaintType, when, what, where, how, provideContact, contactNumber and an optional ${ANONYMOUS_EVIDENCE_FIELD} photo, .jpg or .png, 5 MB); answers the tracking code, once`,
        errors: { ...errors, ...errorResponses(413, 415, 429) },
        config: { rateLimit: crowd },
        onRequest: perBrowser,
      },
      async (request, reply) => {
        const { fields, files } = await parseMultipart(request, anonymousEndpoints.submit.form);
        const { id, trackingCode } = await anonymous.submit(fields, files[ANONYMOUS_EVIDENCE_FIELD]);
        return reply.status(201).send({ success: true, message: 'Anonymous complaint submitted successfully', id, tracking_code: trackingCode });
      },
    );

    route(
      app,
      anonymousEndpoints.track,
      {
        tags,
        summary: "A report's status and its changes (dates only), by its tracking code; nothing else (limited per client address)",
        errors: errorResponses(400, 404, 429),
        config: { rateLimit: tracking },
      },
      async (request) => anonymous.track(request.body.tracking_code),
    );

    route(
      app,
      anonymousEndpoints.officerList,
      {
        ...crimeOfficers,
        summary: `The anonymous complaints assigned to the calling Crime Branch officer (their own officerId only), newest first, ${ANONYMOUS_OFFICER_PAGE_SIZE} a page (next_cursor → ?before=), optionally of one status`,
      },
      async (request) => ({ success: true as const, ...(await anonymous.listForOfficer(principalOf(request), request.params.officerId, request.query)) }),
    );

    route(
      app,
      anonymousEndpoints.updateStatus,
      { ...crimeOfficers, summary: "Sets an assigned anonymous complaint's status (free text); every change is recorded" },
      async (request) => ({
        success: true as const,
        message: 'Status updated',
        complaint: await anonymous.updateStatus(principalOf(request), request.params.id, request.body.status),
      }),
    );
  };
}
