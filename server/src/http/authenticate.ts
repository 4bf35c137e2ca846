import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Branch, Role } from '@pes/contracts';
import { forbidden, unauthenticated } from './domain-error';
import type { Principal } from './principal';

export const SESSION_COOKIE = 'pes_session';

export type PrincipalResolver = (token: string) => Promise<Principal | undefined>;

function bearerToken(request: FastifyRequest, allowCookie: boolean) {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  // The cookie only authenticates safe reads such as <img src="/uploads/...">, never a change.
  if (allowCookie) return request.cookies?.[SESSION_COOKIE];
  return undefined;
}

export interface Requirement {
  roles?: readonly Role[];
  branches?: readonly Branch[];
  /** Accept the session cookie as well as the bearer header (GET only). */
  allowCookie?: boolean;
}

/** Marks the hooks made by `require`, so they can be moved ahead of body parsing and validation. */
const GUARD = Symbol('pes.guard');
type Hook = ((...args: never[]) => unknown) & { [GUARD]?: true };
const asList = (h: unknown): Hook[] => (h === undefined ? [] : Array.isArray(h) ? h : [h as Hook]);

export function createAuthGuards(app: FastifyInstance, resolve: PrincipalResolver) {
  app.decorateRequest('principal', null);

  // Routes declare `preHandler: guards.require(...)`, but preHandler runs after the body is parsed and
  // validated: a caller who may not use a route would get a 400 describing its body (or have a large body
  // parsed) before the 401/403. So the guards run as the route's first onRequest hook instead.
  app.addHook('onRoute', (route) => {
    const pre = asList(route.preHandler);
    const guards = pre.filter((h) => h[GUARD]);
    if (guards.length === 0) return;
    route.preHandler = pre.filter((h) => !h[GUARD]) as never;
    route.onRequest = [...asList(route.onRequest), ...guards] as never;
  });

  async function authenticate(request: FastifyRequest, allowCookie = false) {
    const token = bearerToken(request, allowCookie);
    const principal = token ? await resolve(token) : undefined;
    if (!principal) throw unauthenticated();
    request.principal = principal;
    return principal;
  }

  /** Route guard (declared as preHandler, run on request): signed in, and of one of the roles and branches when given. */
  const require = (req: Requirement = {}): preHandlerAsyncHookHandler => {
    const guard: preHandlerAsyncHookHandler & { [GUARD]?: true } = async (request) => {
      const principal = await authenticate(request, req.allowCookie && request.method === 'GET');
      if (req.roles && !req.roles.includes(principal.role)) throw forbidden();
      if (req.branches && (!principal.branch || !req.branches.includes(principal.branch))) throw forbidden();
    };
    guard[GUARD] = true;
    return guard;
  };

  return { authenticate, require };
}
export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The principal a guarded handler runs for. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}
