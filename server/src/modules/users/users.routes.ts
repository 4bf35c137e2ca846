import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOfficerRequestSchema, createOfficerResponseSchema, officerSearchQuerySchema, officerSearchResultListSchema } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import type { UsersService } from './users.service';

const errors = errorResponses(400, 401, 403);

export function usersRoutes(deps: { guards: AuthGuards; users: UsersService }): FastifyPluginAsyncZod {
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
        const officer = await deps.users.createOfficer(principalOf(request), request.body);
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
      async (request) => deps.users.searchOfficers(request.query),
    );
  };
}
