import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateCodeParamSchema,
  certificateDraftSchema,
  certificateDraftViewSchema,
  certificateReplaceQuerySchema,
  certificateUrlResponseSchema,
  certificateUrlSchema,
  certificateVerificationSchema,
  clearanceApplicationSchema,
  clearanceApplyResponseSchema,
  clearanceDetailSchema,
  clearanceDraftResponseSchema,
  clearanceDraftSchema,
  clearanceIdParamSchema,
  clearanceListQuerySchema,
  clearanceListSchema,
  clearancePaymentStatusSchema,
  clearanceSessionParamSchema,
  clearanceStatusResponseSchema,
  clearanceStatusUpdateSchema,
  clearanceTrackSchema,
  identityNumberParamSchema,
  uploadForm,
  uploadResponseSchema,
} from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { parseMultipart } from '../../http/multipart';
import { clientAddress, limitedRoute } from '../rate-limits/rate-limits.store';
import type { RateLimits } from '../../config';
import type { ClearanceService } from './clearance.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = { ...errors, ...errorResponses(413, 415) };
const documentUpload = uploadForm('document');

export function clearanceRoutes(deps: { guards: AuthGuards; clearance: ClearanceService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { clearance } = deps;
  const citizens = deps.guards.require({ roles: ['citizen'] });
  const uploaders = deps.guards.require({ roles: ['citizen', 'police_officer'] });
  const adminBranch = deps.guards.require({ roles: ['police_officer'], branches: ['Admin Branch'] });
  const tags = ['clearance'];

  return async (app) => {
    app.get(
      '/clearance/status/:identity_number',
      {
        onRequest: citizens,
        schema: {
          tags,
          summary: 'Whether the signed-in citizen (by their own identity number) has a clearance request',
          params: identityNumberParamSchema,
          response: { 200: clearanceStatusResponseSchema, ...errors },
        },
      },
      async (request) => clearance.exists(principalOf(request), request.params.identity_number),
    );

    app.get(
      '/clearance/track/:identity_number',
      {
        onRequest: citizens,
        schema: {
          tags,
          summary: "The signed-in citizen's latest clearance request",
          params: identityNumberParamSchema,
          response: { 200: clearanceTrackSchema, ...errors },
        },
      },
      async (request) => clearance.track(principalOf(request), request.params.identity_number),
    );

    app.post(
      '/clearance/upload',
      {
        onRequest: uploaders,
        schema: {
          tags,
          summary:
            "Uploads a document ahead of the application (a citizen's; image or PDF, 5 MB), or a certificate PDF ahead of its attachment (an Admin Branch officer's)",
          consumes: ['multipart/form-data'],
          response: { 201: uploadResponseSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const { files } = await parseMultipart(request, documentUpload);
        const file = await clearance.upload(principalOf(request), files.file!);
        return reply.status(201).send({ file });
      },
    );

    app.post(
      '/clearance/apply',
      {
        onRequest: citizens,
        schema: {
          tags,
          summary: 'Stores the application (awaiting payment) with its uploaded documents and opens the fee checkout (LKR 5,000.00)',
          body: clearanceApplicationSchema,
          response: { 200: clearanceApplyResponseSchema, ...errors, ...errorResponses(502) },
        },
      },
      async (request) => clearance.apply(principalOf(request), request.body),
    );

    app.get(
      '/clearance/payment-status/:sessionId',
      {
        onRequest: citizens,
        schema: {
          tags,
          summary: "Verifies the fee's checkout with the gateway (paid exactly once) and answers the reference number",
          params: clearanceSessionParamSchema,
          response: { 200: clearancePaymentStatusSchema, ...errors, ...errorResponses(502) },
        },
      },
      async (request) => clearance.paymentStatus(principalOf(request), request.params.sessionId),
    );

    app.get(
      '/clearance/draft',
      {
        onRequest: citizens,
        schema: { tags, summary: "The signed-in citizen's saved application draft", response: { 200: clearanceDraftResponseSchema, ...errors } },
      },
      async (request) => clearance.getDraft(principalOf(request)),
    );

    app.put(
      '/clearance/draft',
      {
        onRequest: citizens,
        bodyLimit: 128 * 1024,
        schema: {
          tags,
          summary: 'Saves the application draft (step reached and values)',
          body: clearanceDraftSchema,
          response: { 200: clearanceDraftResponseSchema, ...errors },
        },
      },
      async (request) => clearance.saveDraft(principalOf(request), request.body),
    );

    app.get(
      '/clearance/applications',
      {
        onRequest: adminBranch,
        schema: {
          tags,
          summary: 'Paid applications, newest paid first; search by reference number or NIC (prefix); status filter; pages',
          querystring: clearanceListQuerySchema,
          response: { 200: clearanceListSchema, ...errors },
        },
      },
      async (request) => clearance.list(request.query),
    );

    app.get(
      '/clearance/applications/:id',
      {
        onRequest: adminBranch,
        schema: {
          tags,
          summary: 'One application with documents and history',
          params: clearanceIdParamSchema,
          response: { 200: clearanceDetailSchema, ...errors },
        },
      },
      async (request) => clearance.detail(request.params.id),
    );

    app.put(
      '/clearance/applications/:id/status',
      {
        onRequest: adminBranch,
        schema: {
          tags,
          summary: 'Sets pending, in_progress, completed, or rejected with a reason; every change is kept',
          params: clearanceIdParamSchema,
          body: clearanceStatusUpdateSchema,
          response: { 200: clearanceDetailSchema, ...errors },
        },
      },
      async (request) => clearance.updateStatus(principalOf(request), request.params.id, request.body.status, request.body.reason),
    );

    app.get(
      '/clearance/applications/:id/certificate-draft',
      {
        onRequest: adminBranch,
        schema: {
          tags,
          summary: 'The certificate draft with the defaults',
          params: clearanceIdParamSchema,
          response: { 200: certificateDraftViewSchema, ...errors },
        },
      },
      async (request) => clearance.certificateDraft(request.params.id),
    );

    app.post(
      '/clearance/applications/:id/certificate/generate',
      {
        onRequest: adminBranch,
        schema: {
          tags,
          summary:
            'Generates the certificate PDF from the edited draft, with a new verification code, stores and issues it (completed applications only; replace=true to replace the one it has, else 409)',
          params: clearanceIdParamSchema,
          querystring: certificateReplaceQuerySchema,
          body: certificateDraftSchema,
          response: { 201: certificateUrlResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await clearance.generateCertificate(principalOf(request), request.params.id, request.body, request.query.replace)),
    );

    app.post(
      '/clearance/applications/:id/certificate',
      {
        onRequest: adminBranch,
        schema: {
          tags,
          summary:
            'Attaches a certificate PDF uploaded before, with a new verification code (completed applications only; replace=true to replace the one it has, else 409)',
          params: clearanceIdParamSchema,
          querystring: certificateReplaceQuerySchema,
          body: certificateUrlSchema,
          response: { 200: certificateUrlResponseSchema, ...errors },
        },
      },
      async (request) => clearance.attachCertificate(principalOf(request), request.params.id, request.body.certificate_url, request.query.replace),
    );

    app.get(
      '/clearance/verify/:code',
      {
        // Per client address: codes are unguessable, and this keeps anyone from trying many.
        config: { rateLimit: limitedRoute('certificate-verify', deps.limits.verify, clientAddress) },
        schema: {
          tags,
          summary:
            'Public: whether a certificate is genuine and valid, expired, withdrawn or replaced, by its verification code, with the holder name only (a reference number names nobody)',
          params: certificateCodeParamSchema,
          response: { 200: certificateVerificationSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => clearance.verify(request.params.code),
    );
  };
}
