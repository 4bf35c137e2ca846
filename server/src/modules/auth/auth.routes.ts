import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { clientAddress, limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { clearSessionCookie, principalOf, setSessionCookie, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import { parseMultipart } from '../../http/multipart';
import type { AuthService } from './auth.service';

const errors = errorResponses(400, 401, 403, 409, 413, 415, 423, 429);
const tags = ['auth'];

export function authRoutes(deps: { guards: AuthGuards; auth: AuthService; secureCookies: boolean; limits: RateLimits }): FastifyPluginAsyncZod {
  const { guards, auth } = deps;
  return async (app) => {
    route(
      app,
      authEndpoints.signupCitizen,
      {
        tags,
        summary: 'Citizen signup (multipart: the signup fields and identity_photo_front, identity_photo_back, live_photo)',
        errors,
        config: { rateLimit: limitedRoute('signup', deps.limits.signup, clientAddress) },
      },
      async (request, reply) => {
        const { fields, files } = await parseMultipart(request, authEndpoints.signupCitizen.form);
        const user = await auth.signupCitizen(fields, files);
        return reply.status(201).send({ success: true, message: 'Signup successful.', user });
      },
    );

    route(app, authEndpoints.login, { tags, errors }, async (request, reply) => {
      const result = await auth.login(request.body, request.ip, request.headers['user-agent']);
      // Staff get the second factor's next step instead (mfa.routes.ts sets the cookie after it).
      if ('mfa' in result) return result;
      setSessionCookie(reply, result, deps.secureCookies);
      return result;
    });

    // No body schema: logout reads no body, and a bare POST (no body at all) must work.
    route(app, authEndpoints.logout, { tags, errors: errorResponses(401), onRequest: guards.require() }, async (request, reply) => {
      await auth.logout(principalOf(request));
      clearSessionCookie(reply, deps.secureCookies);
      return { success: true as const, message: 'Signed out' };
    });

    for (const currentUser of [authEndpoints.currentUser, authEndpoints.me]) {
      route(app, currentUser, { tags, errors: errorResponses(401), onRequest: guards.require() }, async (request) => ({
        user: auth.currentUser(principalOf(request)),
      }));
    }
  };
}
