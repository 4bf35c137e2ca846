import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints, workloadClass } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { ComplaintsService } from '../complaints/complaints.service';
import type { AdminConsoleService } from './admin-console.service';

const errors = errorResponses(400, 401, 403);
const notFound = { ...errors, ...errorResponses(404) };
const conflicting = { ...errors, ...errorResponses(404, 409) };

export function adminConsoleRoutes(deps: {
  guards: AuthGuards;
  adminConsole: AdminConsoleService;
  /** The complaints an administrator reads in the users area. */
  complaints: Pick<ComplaintsService, 'listOfCitizen' | 'pageAssignedTo' | 'viewForAdmin'>;
}): FastifyPluginAsyncZod {
  const admin = { tags: ['admin'], onRequest: deps.guards.require({ roles: ['admin'] }) };
  return async (app) => {
    route(app, adminEndpoints.createOfficer, { ...admin, errors: { ...errors, ...errorResponses(409) } }, async (request, reply) => {
      const officer = await deps.adminConsole.createOfficer(principalOf(request), request.body);
      return reply.status(201).send({ success: true, message: 'Officer account created successfully.', officer });
    });

    route(
      app,
      adminEndpoints.searchOfficers,
      { ...admin, summary: 'Active officers by name (contains, any case), branch and station; at most 50, by name', errors },
      async (request) => deps.adminConsole.searchOfficers(request.query),
    );

    route(
      app,
      adminEndpoints.users,
      {
        ...admin,
        summary: 'Active (or, with state=deactivated, deactivated) users by id; search by username or name prefix, role filter; keyset pages; total',
        errors,
      },
      async (request) => deps.adminConsole.listUsers(request.query),
    );

    route(
      app,
      adminEndpoints.user,
      { ...admin, summary: "A user's profile (a citizen's with identity photos: the view is audited once, naming them)", errors: notFound },
      async (request) => deps.adminConsole.viewUser(principalOf(request), request.params.id),
    );

    route(
      app,
      adminEndpoints.deleteUser,
      { ...admin, summary: 'Deactivates the account: no sign-in, sessions ended, off the lists, records kept', errors: conflicting },
      async (request) => {
        await deps.adminConsole.deleteUser(principalOf(request), request.params.id);
        return { success: true as const, message: 'User deleted successfully.' };
      },
    );

    route(
      app,
      adminEndpoints.reactivateUser,
      { ...admin, summary: 'Gives a deactivated account back its sign-in (audited)', errors: conflicting },
      async (request) => {
        await deps.adminConsole.reactivateUser(principalOf(request), request.params.id);
        return { success: true as const, message: 'User reactivated successfully.' };
      },
    );

    route(
      app,
      adminEndpoints.userComplaints,
      { ...admin, summary: "A citizen's complaints: current (pending, in progress, other) and past (completed)", errors: notFound },
      async (request) => {
        const user = await deps.adminConsole.details(request.params.id);
        const all = user.role === 'citizen' ? await deps.complaints.listOfCitizen(user.id) : [];
        return {
          current: all.filter((c) => workloadClass(c.status) !== 'completed'),
          past: all.filter((c) => workloadClass(c.status) === 'completed'),
        };
      },
    );

    route(
      app,
      adminEndpoints.assignedComplaints,
      {
        ...admin,
        summary: 'The complaints booked into the slots an officer serves, newest submitted first; keyset pages; the capped count',
        errors: notFound,
      },
      async (request) => {
        const user = await deps.adminConsole.details(request.params.id);
        return deps.complaints.pageAssignedTo(user.officer?.id, request.query);
      },
    );

    route(
      app,
      adminEndpoints.identityCollisions,
      { ...admin, summary: 'Pairs of accounts sharing one identity number (from before NICs were normalised): open or resolved; keyset pages', errors },
      async (request) => deps.adminConsole.identityCollisions(request.query),
    );

    route(
      app,
      adminEndpoints.resolveIdentityCollision,
      { ...admin, summary: 'Resolves a pair: deactivates one account, or keeps both after review (audited, once)', errors: conflicting },
      async (request) => deps.adminConsole.resolveIdentityCollision(principalOf(request), request.params.id, request.body.resolution),
    );

    route(
      app,
      adminEndpoints.complaint,
      { ...admin, summary: "A complaint's details (the opening is audited: its complainant sees it)", errors: notFound },
      async (request) => deps.complaints.viewForAdmin(principalOf(request), request.params.id),
    );

    route(
      app,
      adminEndpoints.workload,
      {
        ...admin,
        summary: 'A page of active officers by name (of a branch, station, status) with their work by class, the capped count and when it was read',
        errors,
      },
      async (request) => deps.adminConsole.workload(request.query),
    );
  };
}
