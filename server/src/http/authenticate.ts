import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Branch, Role } from '@pes/contracts';
import { appError } from '../app-error';
import type { Principal } from './principal';

export const SESSION_COOKIE = 'pes_session';

/*
 * The session cookie is the only cookie, set by sign-in and cleared by logout and account closure: written and read here
 * with the `cookie` library, not through the @fastify/cookie plugin (which wraps it), whose onSend hook ran on every
 * answer of the server to look for cookies to write (issue 26: one hook runner per request for three routes' needs).
 */

/** The session cookie's Set-Cookie header: HTTP only, for the whole site; clearing it must name the same attributes. */
const sessionCookie = (reply: FastifyReply, value: string, secure: boolean, expires: Date, maxAge?: number) =>
  reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value, path: '/', httpOnly: true, sameSite: 'lax', secure, expires, maxAge }));

/** A new session's cookie (stored files are fetched with it): the token, for as long as the session lasts. */
export function setSessionCookie(reply: FastifyReply, session: { token: string; expires_at: number }, secure: boolean) {
  sessionCookie(reply, session.token, secure, new Date(session.expires_at * 1000));
}

/** Tells the browser to drop the session cookie (the session itself is ended on the server). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  sessionCookie(reply, '', secure, new Date(0), 0);
}

/** The principal behind a token: `known` when it can be told from memory alone (else undefined), `resolve` always. */
export interface PrincipalResolver {
  known(token: string): Principal | undefined;
  resolve(token: string): Promise<Principal | undefined>;
}

function bearerToken(request: FastifyRequest, allowCookie: boolean) {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  // The cookie only authenticates safe reads such as <img src="/uploads/...">, never a change.
  if (!allowCookie || !request.headers.cookie) return undefined;
  return parseCookie(request.headers.cookie)[SESSION_COOKIE];
}

export interface Requirement {
  roles?: readonly Role[];
  branches?: readonly Branch[];
  /** Accept the session cookie as well as the bearer header (GET only). */
  allowCookie?: boolean;
}

export function createAuthGuards(app: FastifyInstance, principals: PrincipalResolver) {
  app.decorateRequest('principal', null);

  async function authenticate(request: FastifyRequest, allowCookie = false) {
    const token = bearerToken(request, allowCookie);
    const principal = token ? await principals.resolve(token) : undefined;
    if (!principal) throw appError('auth.unauthenticated');
    request.principal = principal;
    return principal;
  }

  /**
   * Route guard: signed in, and of one of the roles and branches when given. Routes declare it as their
   * `onRequest` hook, so a caller who may not use a route is refused (401/403) before its body is read,
   * parsed or described back in a 400. Callback form, answered at once for a session known in memory: no promise for
   * most requests. The requirement is read once here: every guard then runs the same code on values of the same
   * kinds, where requirements of different shapes made its property reads slow (issue 26).
   */
  const require = (req: Requirement = {}): onRequestHookHandler => {
    const roles: readonly Role[] | null = req.roles ?? null;
    const branches: readonly Branch[] | null = req.branches ?? null;
    const cookieForReads = req.allowCookie === true;
    /** The refusal for a principal that may not use the route (undefined: it may). */
    const refusal = (principal: Principal) => {
      if (roles !== null && !roles.includes(principal.role)) return appError('auth.forbidden');
      if (branches !== null && (!principal.branch || !branches.includes(principal.branch))) return appError('auth.forbidden');
      return undefined;
    };
    return (request, _reply, done) => {
      const allowCookie = cookieForReads && request.method === 'GET';
      const token = bearerToken(request, allowCookie);
      const known = token === undefined ? undefined : principals.known(token);
      if (known) {
        request.principal = known;
        done(refusal(known));
        return;
      }
      authenticate(request, allowCookie).then(
        (principal) => done(refusal(principal)),
        (err: Error) => done(err),
      );
    };
  };

  return { authenticate, require };
}
export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The principal a guarded handler runs for. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw appError('auth.unauthenticated');
  return request.principal;
}
