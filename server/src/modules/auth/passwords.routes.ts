import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordEndpoints } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import { clientAddress, limitedRoute } from '../rate-limits/rate-limits.store';
import type { PasswordChangeService } from './password-change.service';
import type { PasswordResetService } from './password-reset.service';

const tags = ['auth'];

/** The account a reset request names, as typed (any letter case): its messages are limited whether or not it exists. */
const accountNamed = (request: FastifyRequest) =>
  `account:${String((request.body as { username?: unknown } | undefined)?.username ?? '')
    .trim()
    .toLowerCase()}`;

export function passwordsRoutes(deps: {
  guards: AuthGuards;
  change: PasswordChangeService;
  reset: PasswordResetService;
  limits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      passwordEndpoints.change,
      {
        tags,
        summary: "Changes the signed-in user's password (the current one first); every other session of the account ends",
        errors: errorResponses(400, 401, 429),
        onRequest: deps.guards.require(),
      },
      async (request) => deps.change.change(principalOf(request), request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );

    // Per account: over the limit the answer stays the same and nothing is sent (a 429 would tell the account exists
    // and let anyone stop its owner's resets); per address the caller is told to wait.
    const perAccount = limitedRoute('password-reset-account', deps.limits.passwordResetAccount, accountNamed);
    route(
      app,
      passwordEndpoints.resetRequest,
      {
        tags,
        summary: "Sends a one-time link to choose a new password to the account's e-mail (SMS without one); the same answer for any username",
        errors: errorResponses(400, 429),
        config: { rateLimit: limitedRoute('password-reset', deps.limits.passwordReset, clientAddress) },
      },
      async (request, reply) => {
        const overForMs = await app.countRequest(perAccount, request);
        await deps.reset.request(request.body.username, overForMs === null);
        return reply.status(202).send({ accepted: true as const });
      },
    );

    route(
      app,
      passwordEndpoints.resetConfirm,
      {
        tags,
        summary: "Sets the account's password from a reset link's token; every session of the account ends",
        errors: errorResponses(400, 429),
        config: { rateLimit: limitedRoute('password-reset-confirm', deps.limits.passwordReset, clientAddress) },
      },
      async (request) => deps.reset.confirm(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
  };
}
