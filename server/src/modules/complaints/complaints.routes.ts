import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPLAINT_ATTACHMENT_FIELD,
  COMPLAINT_ATTACHMENT_PATH_FIELD,
  COMPLAINT_BRANCHES,
  type COMPLAINT_FORMS,
  COMPLAINT_TYPES,
  complaintsEndpoints,
  type ComplaintType,
  type MultipartForm,
} from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import { parseMultipart } from '../../http/multipart';
import type { ComplaintsService } from './complaints.service';

const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = { ...errors, ...errorResponses(409, 413, 415) };

export function complaintsRoutes(deps: { guards: AuthGuards; complaints: ComplaintsService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { complaints } = deps;
  const citizenOnly = deps.guards.require({ roles: ['citizen'] });
  const officers = { tags: ['police'], errors, onRequest: deps.guards.require({ roles: ['police_officer'], branches: COMPLAINT_BRANCHES }) };
  return async (app) => {
    route(
      app,
      complaintsEndpoints.uploadAttachment,
      {
        tags: ['complaints'],
        summary: `Uploads an attachment ahead of its complaint (multipart: file, image or PDF, 5 MB); the complaint names the answered path as ${COMPLAINT_ATTACHMENT_PATH_FIELD} within a day`,
        errors: uploadErrors,
        onRequest: citizenOnly,
      },
      async (request, reply) => {
        const { files } = await parseMultipart(request, complaintsEndpoints.uploadAttachment.form);
        const file = await complaints.uploadAttachment(principalOf(request), files.file!);
        return reply.status(201).send({ file });
      },
    );

    for (const type of COMPLAINT_TYPES) {
      const submit = complaintsEndpoints.submit[type];
      route(
        app,
        submit,
        {
          tags: ['complaints'],
          summary: `Files a ${type.replace('_', ' ')} complaint and books its slot (multipart: the form fields and an optional ${COMPLAINT_ATTACHMENT_FIELD}, image or PDF, 5 MB, or the ${COMPLAINT_ATTACHMENT_PATH_FIELD} of one uploaded before)`,
          errors: { ...uploadErrors, ...errorResponses(429) },
          onRequest: citizenOnly,
          // One count for every type of complaint: a citizen's submissions, whichever form.
          config: { rateLimit: limitedRoute('complaints', deps.limits.complaints) },
        },
        async (request, reply) => {
          // (Annotated: the three types' forms differ in their fields, and share the attachment's field.)
          const form: MultipartForm<(typeof COMPLAINT_FORMS)[ComplaintType]['fields'], typeof COMPLAINT_ATTACHMENT_FIELD> = submit.form;
          const { fields, files } = await parseMultipart(request, form);
          const complaint = await complaints.submit(principalOf(request), type, fields, files[COMPLAINT_ATTACHMENT_FIELD]);
          return reply.status(201).send({ success: true, message: 'Complaint submitted successfully!', complaint });
        },
      );
    }

    route(
      app,
      complaintsEndpoints.bookingAllowance,
      {
        tags: ['complaints'],
        summary: 'How many upcoming appointments the signed-in citizen may hold now, and until when a missed-appointments limit lasts',
        errors,
        onRequest: citizenOnly,
      },
      async (request) => complaints.bookingAllowance(principalOf(request)),
    );

    route(
      app,
      complaintsEndpoints.mine,
      { tags: ['complaints'], summary: "A page of the signed-in citizen's complaints, newest first", errors, onRequest: citizenOnly },
      async (request) => complaints.pageForCitizen(principalOf(request), request.query),
    );

    route(
      app,
      complaintsEndpoints.police,
      { ...officers, summary: "A page of the complaints of the officer's branch and station, newest first" },
      async (request) => complaints.pageForOfficer(principalOf(request), request.query),
    );

    route(
      app,
      complaintsEndpoints.policeByDate,
      { ...officers, summary: "Complaints of the officer's branch and station with an appointment on that date, by time" },
      async (request) => complaints.listForOfficerOnDate(principalOf(request), request.query.date),
    );

    route(app, complaintsEndpoints.updateStatus, { ...officers, summary: "Sets a complaint's status (free text); every change is recorded" }, async (request) =>
      complaints.updateStatus(principalOf(request), request.params.id, request.body.status),
    );

    route(
      app,
      complaintsEndpoints.markAttendance,
      {
        ...officers,
        errors: { ...errors, ...errorResponses(409) },
        summary: 'Marks whether the citizen came to the appointment (on its day or after); marking again corrects it, each change is audited',
      },
      async (request) => complaints.markAttendance(principalOf(request), request.params.id, request.body.attendance),
    );
  };
}
