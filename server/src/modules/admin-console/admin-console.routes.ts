import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAssignedComplaintsSchema,
  adminCitizenComplaintsSchema,
  adminUserDetailsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  complaintIdParamSchema,
  complaintSchema,
  createOfficerRequestSchema,
  createOfficerResponseSchema,
  deleteUserResponseSchema,
  officerSearchQuerySchema,
  officerSearchResultListSchema,
  workloadClass,
  workloadQuerySchema,
  workloadResponseSchema,
} from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import type { ComplaintsService } from '../complaints/complaints.service';
import type { AdminConsoleService } from './admin-console.service';

const errors = errorResponses(400, 401, 403);

/** A user's id in the path: a positive 32-bit integer (anything else is 400, not a database error). */
const userIdParamSchema = complaintIdParamSchema;

export function adminConsoleRoutes(deps: {
  guards: AuthGuards;
  adminConsole: AdminConsoleService;
  /** The complaints an administrator reads in the users area. */
  complaints: Pick<ComplaintsService, 'listOfCitizen' | 'listAssignedTo' | 'viewForAdmin'>;
}): FastifyPluginAsyncZod {
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  return async (app) => {
    app.post(
      '/admin/users/create-officer',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          body: createOfficerRequestSchema,
          response: { 201: createOfficerResponseSchema, ...errors, ...errorResponses(409) },
        },
      },
      async (request, reply) => {
        const officer = await deps.adminConsole.createOfficer(principalOf(request), request.body);
        return reply.status(201).send({ success: true, message: 'Officer account created successfully.', officer });
      },
    );

    app.get(
      '/admin/police-officers/search',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Active officers by name (contains, any case), branch and station; at most 50, by name',
          querystring: officerSearchQuerySchema,
          response: { 200: officerSearchResultListSchema, ...errors },
        },
      },
      async (request) => deps.adminConsole.searchOfficers(request.query),
    );

    app.get(
      '/admin/users',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Active users by id; search by username or name prefix, role filter; keyset pages',
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersPageSchema, ...errors },
        },
      },
      async (request) => deps.adminConsole.listUsers(request.query),
    );

    app.get(
      '/admin/users/:id',
      {
        onRequest: adminOnly,
        schema: { tags: ['admin'], params: userIdParamSchema, response: { 200: adminUserDetailsSchema, ...errors, ...errorResponses(404) } },
      },
      async (request) => deps.adminConsole.details(request.params.id),
    );

    app.delete(
      '/admin/users/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Deactivates the account: no sign-in, sessions ended, off the lists, records kept',
          params: userIdParamSchema,
          response: { 200: deleteUserResponseSchema, ...errors, ...errorResponses(404, 409) },
        },
      },
      async (request) => {
        await deps.adminConsole.deleteUser(principalOf(request), request.params.id);
        return { success: true as const, message: 'User deleted successfully.' };
      },
    );

    app.get(
      '/admin/users/:id/complaints',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: "A citizen's complaints: current (pending, in progress, other) and past (completed)",
          params: userIdParamSchema,
          response: { 200: adminCitizenComplaintsSchema, ...errors, ...errorResponses(404) },
        },
      },
      async (request) => {
        const user = await deps.adminConsole.details(request.params.id);
        const all = user.role === 'citizen' ? await deps.complaints.listOfCitizen(user.id) : [];
        return {
          current: all.filter((c) => workloadClass(c.status) !== 'completed'),
          past: all.filter((c) => workloadClass(c.status) === 'completed'),
        };
      },
    );

    app.get(
      '/admin/users/:id/assigned-complaints',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'The complaints booked into the slots an officer serves',
          params: userIdParamSchema,
          response: { 200: adminAssignedComplaintsSchema, ...errors, ...errorResponses(404) },
        },
      },
      async (request) => {
        const user = await deps.adminConsole.details(request.params.id);
        return { complaints: user.officer ? await deps.complaints.listAssignedTo(user.officer.id) : [] };
      },
    );

    app.get(
      '/admin/complaints/:id',
      {
        onRequest: adminOnly,
        schema: { tags: ['admin'], params: complaintIdParamSchema, response: { 200: complaintSchema, ...errors, ...errorResponses(404) } },
      },
      async (request) => deps.complaints.viewForAdmin(request.params.id),
    );

    app.get(
      '/admin/officer-workload',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Every active officer (of a branch) with complaints by workload class and status (spec §4, §9)',
          querystring: workloadQuerySchema,
          response: { 200: workloadResponseSchema, ...errors },
        },
      },
      async (request) => deps.adminConsole.workload(request.query),
    );
  };
}
