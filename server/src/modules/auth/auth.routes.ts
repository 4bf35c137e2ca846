import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  signupCitizenForm,
  signupCitizenResponseSchema,
} from '@pes/contracts';
import type { RateLimits } from '../../config';
import { clientAddress, limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, SESSION_COOKIE, type AuthGuards } from '../../http/authenticate';
import { parseMultipart } from '../../http/multipart';
import type { AuthService } from './auth.service';

const errors = errorResponses(400, 401, 403, 409, 413, 415, 429);

export function authRoutes(deps: { guards: AuthGuards; auth: AuthService; secureCookies: boolean; limits: RateLimits }): FastifyPluginAsyncZod {
  const { guards, auth } = deps;
  return async (app) => {
    app.post(
      '/auth/signup-citizen',
      {
        config: { rateLimit: limitedRoute('signup', deps.limits.signup, clientAddress) },
        schema: {
          tags: ['auth'],
          summary: 'Citizen signup (multipart: the signup fields and identity_photo_front, identity_photo_back, live_photo)',
          consumes: ['multipart/form-data'],
          response: { 201: signupCitizenResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { fields, files } = await parseMultipart(request, signupCitizenForm);
        const user = await auth.signupCitizen(fields, files);
        return reply.status(201).send({ success: true, message: 'Signup successful.', user });
      },
    );

    app.post(
      '/auth/login',
      { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } } },
      async (request, reply) => {
        const result = await auth.login(request.body, request.ip);
        reply.setCookie(SESSION_COOKIE, result.token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.secureCookies,
          expires: new Date(result.expires_at * 1000),
        });
        return result;
      },
    );

    app.post(
      '/auth/logout',
      {
        onRequest: guards.require(),
        // No body schema: logout reads no body, and a bare POST (no body at all) must work.
        schema: { tags: ['auth'], response: { 200: okResponseSchema, ...errorResponses(401) } },
      },
      async (request, reply) => {
        await auth.logout(principalOf(request));
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { success: true as const, message: 'Signed out' };
      },
    );

    for (const path of ['/auth/getCurrentUserInfo', '/auth/me']) {
      app.get(
        path,
        { onRequest: guards.require(), schema: { tags: ['auth'], response: { 200: currentUserResponseSchema, ...errorResponses(401) } } },
        async (request) => ({ user: auth.currentUser(principalOf(request)) }),
      );
    }
  };
}
