import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints, authEndpoints, type LoginSession } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, setSessionCookie, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { FastifyReply } from 'fastify';
import type { AuthService } from './auth.service';
import type { MfaService } from './mfa.service';

const errors = errorResponses(400, 401, 409, 423, 429);
const tags = ['auth'];

/** Staff's second factor after the password (mfa.service.ts), and an administrator's reset of it. */
export function mfaRoutes(deps: { guards: AuthGuards; auth: AuthService; mfa: MfaService; secureCookies: boolean }): FastifyPluginAsyncZod {
  const { auth, mfa } = deps;
  // The same cookie as a citizen's sign-in sets.
  const setCookie = (reply: FastifyReply, session: LoginSession) => setSessionCookie(reply, session, deps.secureCookies);

  return async (app) => {
    route(app, authEndpoints.mfaSetup, { tags, errors, summary: 'A new TOTP secret for the account signing in (first sign-in); shown once' }, async (request) =>
      mfa.setup(request.body.mfa_token),
    );

    route(
      app,
      authEndpoints.mfaConfirm,
      { tags, errors, summary: 'Confirms the TOTP secret with a first code: the session and 10 recovery codes, shown once' },
      async (request, reply) => {
        const { user, recoveryCodes } = await mfa.confirm(request.body.mfa_token, request.body.code, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        const session = await auth.startSession(user, { ip: request.ip, userAgent: request.headers['user-agent'] });
        setCookie(reply, session);
        return { ...session, recovery_codes: recoveryCodes };
      },
    );

    route(app, authEndpoints.mfaVerify, { tags, errors, summary: 'A TOTP code (good once) or a recovery code: the session' }, async (request, reply) => {
      const user = await mfa.verify(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      const session = await auth.startSession(user, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setCookie(reply, session);
      return session;
    });

    route(
      app,
      adminEndpoints.resetMfa,
      {
        tags: ['admin'],
        onRequest: deps.guards.require({ roles: ['admin'] }),
        summary: "Resets a staff account's second factor and ends its sessions (audited)",
        errors: errorResponses(400, 401, 403, 404, 409),
      },
      async (request) => {
        await mfa.resetByAdmin(principalOf(request), request.params.id);
        await auth.revokeUserSessions(request.params.id);
        return { success: true as const, message: 'Second factor reset: it is set up again at the next sign-in.' };
      },
    );
  };
}
