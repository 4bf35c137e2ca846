import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsEndpoints } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(deps: { guards: AuthGuards; notifications: NotificationsService }): FastifyPluginAsyncZod {
  const signedIn = deps.guards.require();
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  return async (app) => {
    route(
      app,
      notificationsEndpoints.preferences,
      { tags: ['notifications'], summary: "The account's language and message channels", errors: errorResponses(401), onRequest: signedIn },
      async (request) => deps.notifications.preferencesOf(principalOf(request).userId),
    );

    route(
      app,
      notificationsEndpoints.savePreferences,
      {
        tags: ['notifications'],
        summary: "Saves the account's language (used for its messages) and message channels",
        errors: errorResponses(400, 401),
        onRequest: signedIn,
      },
      async (request) => {
        await deps.notifications.savePreferences(principalOf(request).userId, request.body);
        return request.body;
      },
    );

    route(
      app,
      notificationsEndpoints.adminList,
      {
        tags: ['admin'],
        summary: 'Messages to citizens and their delivery states, newest first, by channel, state and recipient; keyset pages',
        errors: errorResponses(400, 401, 403),
        onRequest: adminOnly,
      },
      async (request) => deps.notifications.list(request.query),
    );

    route(
      app,
      notificationsEndpoints.retry,
      { tags: ['admin'], summary: 'Queues a failed message again', errors: errorResponses(401, 403, 404, 409), onRequest: adminOnly },
      async (request, reply) => {
        await deps.notifications.retry(request.params.id);
        return reply.status(202).send({ queued: true as const });
      },
    );
  };
}
