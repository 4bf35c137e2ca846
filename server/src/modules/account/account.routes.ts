import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { clearSessionCookie, principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { AccountService } from './account.service';

const tags = ['account'];

export function accountRoutes(deps: { guards: AuthGuards; account: AccountService; secureCookies: boolean }): FastifyPluginAsyncZod {
  const { guards, account } = deps;
  const signedIn = guards.require();
  return async (app) => {
    route(
      app,
      accountEndpoints.exportMyData,
      { tags, summary: "A JSON download of the citizen's own data (Personal Data Protection Act 2022)", errors: errorResponses(401, 403), onRequest: signedIn },
      async (request, reply) => {
        const { fileName, data } = await account.exportData(principalOf(request));
        reply.header('content-disposition', `attachment; filename="${fileName}"`);
        return data;
      },
    );
    route(
      app,
      accountEndpoints.close,
      {
        tags,
        summary: "Closes the citizen's own account after their current password: deactivated, every session ended, audited",
        errors: errorResponses(400, 401, 403, 429),
        onRequest: signedIn,
      },
      async (request, reply) => {
        const closed = await account.close(principalOf(request), request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
        clearSessionCookie(reply, deps.secureCookies);
        return closed;
      },
    );
  };
}
