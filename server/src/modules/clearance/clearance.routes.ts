import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearanceEndpoints } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import { parseMultipart } from '../../http/multipart';
import { clientAddress, limitedRoute } from '../rate-limits/rate-limits.store';
import type { RateLimits } from '../../config';
import type { ClearanceService } from './clearance.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = { ...errors, ...errorResponses(413, 415) };
/** Routes that ask the payment gateway, which may fail to answer. */
const gatewayErrors = { ...errors, ...errorResponses(502) };
const tags = ['clearance'];

export function clearanceRoutes(deps: { guards: AuthGuards; clearance: ClearanceService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { clearance } = deps;
  const citizens = { tags, errors, onRequest: deps.guards.require({ roles: ['citizen'] }) };
  const adminBranch = { tags, errors, onRequest: deps.guards.require({ roles: ['police_officer'], branches: ['Admin Branch'] }) };
  const uploaders = deps.guards.require({ roles: ['citizen', 'police_officer'] });

  return async (app) => {
    route(
      app,
      clearanceEndpoints.status,
      { ...citizens, summary: 'Whether the signed-in citizen (by their own identity number) has a clearance request' },
      async (request) => clearance.exists(principalOf(request), request.params.identity_number),
    );

    route(
      app,
      clearanceEndpoints.openApplication,
      { ...citizens, summary: "The signed-in citizen's paid application still being processed, if any (a new one is refused while it is)" },
      async (request) => clearance.openApplication(principalOf(request)),
    );

    route(app, clearanceEndpoints.track, { ...citizens, summary: "The signed-in citizen's latest clearance request" }, async (request) =>
      clearance.track(principalOf(request), request.params.identity_number),
    );

    route(
      app,
      clearanceEndpoints.upload,
      {
        tags,
        summary:
          "Uploads a document ahead of the application (a citizen's; image or PDF, 5 MB), or a certificate PDF ahead of its attachment (an Admin Branch officer's)",
        errors: uploadErrors,
        onRequest: uploaders,
      },
      async (request, reply) => {
        const { files } = await parseMultipart(request, clearanceEndpoints.upload.form);
        const file = await clearance.upload(principalOf(request), files.file!);
        return reply.status(201).send({ file });
      },
    );

    route(
      app,
      clearanceEndpoints.apply,
      {
        ...citizens,
        summary: 'Stores the application (awaiting payment) with its uploaded documents and opens the fee checkout (LKR 5,000.00)',
        errors: gatewayErrors,
      },
      async (request) => clearance.apply(principalOf(request), request.body),
    );

    route(
      app,
      clearanceEndpoints.paymentStatus,
      { ...citizens, summary: "Verifies the fee's checkout with the gateway (paid exactly once) and answers the reference number", errors: gatewayErrors },
      async (request) => clearance.paymentStatus(principalOf(request), request.params.sessionId),
    );

    route(app, clearanceEndpoints.draft, { ...citizens, summary: "The signed-in citizen's saved application draft" }, async (request) =>
      clearance.getDraft(principalOf(request)),
    );

    route(
      app,
      clearanceEndpoints.saveDraft,
      { ...citizens, summary: 'Saves the application draft (step reached and values)', bodyLimit: 128 * 1024 },
      async (request) => clearance.saveDraft(principalOf(request), request.body),
    );

    route(
      app,
      clearanceEndpoints.applications,
      { ...adminBranch, summary: 'Paid applications, newest paid first; search by reference number or NIC (prefix); status filter; pages' },
      async (request) => clearance.list(request.query),
    );

    route(
      app,
      clearanceEndpoints.application,
      { ...adminBranch, summary: 'One application with documents and history (the view of its documents is audited once, naming them)' },
      async (request) => clearance.detail(principalOf(request), request.params.id),
    );

    route(
      app,
      clearanceEndpoints.updateStatus,
      { ...adminBranch, summary: 'Sets pending, in_progress, completed, or rejected with a reason; every change is kept' },
      async (request) => clearance.updateStatus(principalOf(request), request.params.id, request.body.status, request.body.reason),
    );

    route(app, clearanceEndpoints.certificateDraft, { ...adminBranch, summary: 'The certificate draft with the defaults' }, async (request) =>
      clearance.certificateDraft(principalOf(request), request.params.id),
    );

    route(
      app,
      clearanceEndpoints.generateCertificate,
      {
        ...adminBranch,
        summary:
          'Generates the certificate PDF from the edited draft, with a new verification code, stores and issues it (completed applications only; replace=true to replace the one it has, else 409)',
      },
      async (request, reply) =>
        reply.status(201).send(await clearance.generateCertificate(principalOf(request), request.params.id, request.body, request.query.replace)),
    );

    route(
      app,
      clearanceEndpoints.attachCertificate,
      {
        ...adminBranch,
        summary:
          'Attaches a certificate PDF uploaded before, with a new verification code (completed applications only; replace=true to replace the one it has, else 409)',
      },
      async (request) => clearance.attachCertificate(principalOf(request), request.params.id, request.body.certificate_url, request.query.replace),
    );

    route(
      app,
      clearanceEndpoints.verify,
      {
        tags,
        summary:
          'Public: whether a certificate is genuine and valid, expired, withdrawn or replaced, by its verification code, with the holder name only (a reference number names nobody)',
        errors: errorResponses(400, 429),
        // Per client address: codes are unguessable, and this keeps anyone from trying many.
        config: { rateLimit: limitedRoute('certificate-verify', deps.limits.verify, clientAddress) },
      },
      async (request) => clearance.verify(request.params.code),
    );
  };
}
