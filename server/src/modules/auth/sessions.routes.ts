import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { SessionsService } from './sessions.service';

const tags = ['account'];

/** The signed-in person's own sessions ("signed-in devices"), for every role. */
export function sessionsRoutes(deps: { guards: AuthGuards; sessions: SessionsService }): FastifyPluginAsyncZod {
  const { guards, sessions } = deps;
  const signedIn = guards.require();
  return async (app) => {
    route(
      app,
      accountEndpoints.sessions,
      {
        tags,
        summary: "The caller's live sessions: device, network (/24 or /48), signed in, last used, and which is this one",
        errors: errorResponses(401),
        onRequest: signedIn,
      },
      async (request) => ({ sessions: await sessions.list(principalOf(request)) }),
    );
    route(
      app,
      accountEndpoints.endSession,
      {
        tags,
        summary: "Ends one of the caller's own sessions (another account's: 404, nothing ended)",
        errors: errorResponses(400, 401, 404),
        onRequest: signedIn,
      },
      async (request) => sessions.end(principalOf(request), request.params.id, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
    route(
      app,
      accountEndpoints.endOtherSessions,
      { tags, summary: "Ends every session of the caller's account but this one", errors: errorResponses(401), onRequest: signedIn },
      async (request) => sessions.endOthers(principalOf(request), { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
  };
}
