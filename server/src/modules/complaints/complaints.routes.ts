import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPLAINT_ATTACHMENT_FIELD,
  COMPLAINT_ATTACHMENT_PATH_FIELD,
  COMPLAINT_BRANCHES,
  COMPLAINT_FORMS,
  COMPLAINT_TYPE_PATH,
  COMPLAINT_TYPES,
  complaintAttachmentUploadForm,
  complaintIdParamSchema,
  complaintListSchema,
  complaintSchema,
  complaintsByDateQuerySchema,
  submitComplaintResponseSchema,
  updateComplaintStatusRequestSchema,
  uploadResponseSchema,
  type ComplaintType,
  type MultipartForm,
} from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { parseMultipart } from '../../http/multipart';
import type { ComplaintsService } from './complaints.service';

const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = { ...errors, ...errorResponses(409, 413, 415) };

export function complaintsRoutes(deps: { guards: AuthGuards; complaints: ComplaintsService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { complaints } = deps;
  const citizenOnly = deps.guards.require({ roles: ['citizen'] });
  const complaintOfficers = deps.guards.require({ roles: ['police_officer'], branches: COMPLAINT_BRANCHES });
  return async (app) => {
    app.post(
      '/complaints/upload',
      {
        onRequest: citizenOnly,
        schema: {
          tags: ['complaints'],
          summary: `Uploads an attachment ahead of its complaint (multipart: file, image or PDF, 5 MB); the complaint names the answered path as ${COMPLAINT_ATTACHMENT_PATH_FIELD} within a day`,
          consumes: ['multipart/form-data'],
          response: { 201: uploadResponseSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const { files } = await parseMultipart(request, complaintAttachmentUploadForm);
        const file = await complaints.uploadAttachment(principalOf(request), files.file!);
        return reply.status(201).send({ file });
      },
    );

    for (const type of COMPLAINT_TYPES) {
      app.post(
        `/complaints/${COMPLAINT_TYPE_PATH[type]}`,
        {
          // One count for every type of complaint: a citizen's submissions, whichever form.
          config: { rateLimit: limitedRoute('complaints', deps.limits.complaints) },
          onRequest: citizenOnly,
          schema: {
            tags: ['complaints'],
            summary: `Files a ${type.replace('_', ' ')} complaint and books its slot (multipart: the form fields and an optional ${COMPLAINT_ATTACHMENT_FIELD}, image or PDF, 5 MB, or the ${COMPLAINT_ATTACHMENT_PATH_FIELD} of one uploaded before)`,
            consumes: ['multipart/form-data'],
            response: { 201: submitComplaintResponseSchema, ...uploadErrors, ...errorResponses(429) },
          },
        },
        async (request, reply) => {
          const form: MultipartForm<(typeof COMPLAINT_FORMS)[ComplaintType]['fields'], typeof COMPLAINT_ATTACHMENT_FIELD> = COMPLAINT_FORMS[type];
          const { fields, files } = await parseMultipart(request, form);
          const complaint = await complaints.submit(principalOf(request), type, fields, files[COMPLAINT_ATTACHMENT_FIELD]);
          return reply.status(201).send({ success: true, message: 'Complaint submitted successfully!', complaint });
        },
      );
    }

    app.get(
      '/complaints/my-complaints',
      {
        onRequest: citizenOnly,
        schema: { tags: ['complaints'], summary: "The signed-in citizen's complaints, newest first", response: { 200: complaintListSchema, ...errors } },
      },
      async (request) => complaints.listForCitizen(principalOf(request)),
    );

    app.get(
      '/police/complaints',
      {
        onRequest: complaintOfficers,
        schema: {
          tags: ['police'],
          summary: "Complaints of the officer's branch and station, newest first (at most 500)",
          response: { 200: complaintListSchema, ...errors },
        },
      },
      async (request) => complaints.listForOfficer(principalOf(request)),
    );

    app.get(
      '/police/complaints/by-date',
      {
        onRequest: complaintOfficers,
        schema: {
          tags: ['police'],
          summary: "Complaints of the officer's branch and station with an appointment on that date, by time",
          querystring: complaintsByDateQuerySchema,
          response: { 200: complaintListSchema, ...errors },
        },
      },
      async (request) => complaints.listForOfficerOnDate(principalOf(request), request.query.date),
    );

    app.put(
      '/police/complaints/:id/status',
      {
        onRequest: complaintOfficers,
        schema: {
          tags: ['police'],
          summary: "Sets a complaint's status (free text); every change is recorded",
          params: complaintIdParamSchema,
          body: updateComplaintStatusRequestSchema,
          response: { 200: complaintSchema, ...errors },
        },
      },
      async (request) => complaints.updateStatus(principalOf(request), request.params.id, request.body.status),
    );
  };
}
