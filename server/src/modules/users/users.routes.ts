import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, createOfficerRequestSchema, createOfficerResponseSchema } from '@pes/contracts';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import type { UsersService } from './users.service';

export function usersRoutes(deps: { guards: AuthGuards; users: UsersService }): FastifyPluginAsyncZod {
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  return async (app) => {
    app.post(
      '/admin/users/create-officer',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          body: createOfficerRequestSchema,
          response: { 201: createOfficerResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const officer = await deps.users.createOfficer(principalOf(request), request.body);
        return reply.status(201).send({ success: true, message: 'Officer account created successfully.', officer });
      },
    );
  };
}
