import {
  endpointPath,
  type ApiError as ApiErrorBody,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
} from '@pes/contracts';
import { signInPathFor } from '../../paths';
import { recordSessionEnded } from '../session/session-ended';
import { sessionStore } from '../session/session-storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly fieldKeys: Record<string, string> = {},
    /** The values of the message's `{{placeholders}}` (the server sends them with the code). */
    readonly params: Record<string, string | number> = {},
    /** field → more validation message keys saying why (a weak password's warning and suggestions). */
    readonly fieldHints: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The error a failed answer stands for: the server's own code when its body has one; else, for a body from something
 * in between (a proxy's HTML page), `request.too_large` for 413 (the catalogue says what it means) and `http.<status>`
 * for the rest, which pages never show (they fall back to the action's own text).
 */
export function errorFromAnswer(status: number, data: unknown, statusText = ''): ApiError {
  const err = (data as Partial<ApiErrorBody> | undefined)?.error;
  const code = err?.code ?? (status === 413 ? 'request.too_large' : `http.${status}`);
  return new ApiError(status, code, err?.message ?? statusText, err?.fields, err?.fieldKeys, err?.params, err?.fieldHints);
}

const API_BASE = '/api';

/** Where the browser goes on a 401; replaceable in tests. */
export const navigation = {
  toSignIn(pathname: string) {
    window.location.assign(signInPathFor(pathname));
  },
};

/**
 * The credentials of every request the app makes (JSON calls, stored files, uploads with progress): a valid stored
 * token as a bearer (re-saved, which keeps it alive), the role as x-user-role. Cookies go along with each as well.
 */
export function credentialHeaders(): [name: string, value: string][] {
  const headers: [string, string][] = [];
  const token = sessionStore.validToken();
  if (token) {
    headers.push(['authorization', `Bearer ${token}`]);
    sessionStore.saveToken(token);
  }
  const role = sessionStore.role();
  if (role) headers.push(['x-user-role', role]);
  return headers;
}

/**
 * A 401 on a call that expected a session: all session storage is cleared and the browser goes to the area's
 * sign-in page, which says the session ended and, once the user signs in, returns to the page (an open form's draft
 * is kept for it); on that sign-in page itself the user is simply signed out.
 */
export function sessionEnded() {
  const { pathname, search } = window.location;
  sessionStore.clear();
  // On the sign-in page itself the session's end shows in place (signed out); loading it again would only ask again.
  if (signInPathFor(pathname) !== pathname) {
    recordSessionEnded(pathname + search);
    navigation.toSignIn(pathname);
  }
}

/** An answer's body as JSON, or undefined when it is empty or not JSON (a proxy's page). */
export function parseAnswer(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export interface CallOptions {
  /** A 401 here is an expected answer (sign-in, a public checkout), not an expired session. */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a sign-out the user may follow at once by leaving or reloading). */
  keepalive?: boolean;
  /** Headers of the call's own, beside the credentials (the anonymous reporter's key). */
  headers?: Record<string, string>;
}

type ParamsInput<E extends Endpoint> = E['params'] extends object ? { params: EndpointParams<E> } : unknown;
type QueryInput<E extends Endpoint> = E['query'] extends object
  ? object extends EndpointQuery<E>
    ? { query?: EndpointQuery<E> }
    : { query: EndpointQuery<E> }
  : unknown;
type BodyInput<E extends Endpoint> = E['body'] extends object
  ? undefined extends EndpointBody<E>
    ? { body?: EndpointBody<E> }
    : { body: EndpointBody<E> }
  : unknown;
type FormInput<E extends Endpoint> = E['form'] extends object ? { form: FormData } : unknown;
/** What a call of this endpoint sends: its path parameters, query, JSON body or multipart form, as it declares them. */
export type CallInput<E extends Endpoint> = ParamsInput<E> & QueryInput<E> & BodyInput<E> & FormInput<E> & CallOptions;

interface LooseInput extends CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

/** The query string of a call ('' for none): empty values are left out, as a form's untouched filter means "any". */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address of a call, under /api. */
export function endpointUrl(endpoint: Endpoint, input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {}): string {
  return `${API_BASE}${endpointPath(endpoint.path, input.params)}${queryString(input.query)}`;
}

/**
 * The one way the app calls its API (spec §7): the endpoint's description in contracts gives the method, the path and
 * the types of what is sent and answered, so no call spells them again. Cookies and credentials go with every call;
 * a 401 ends the session (see sessionEnded) unless the call expects one.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<EndpointAnswer<E>> {
  const { params, query, body, form, expectUnauthorized, signal, keepalive, headers: own } = (input ?? {}) as LooseInput;
  const headers = new Headers(credentialHeaders());
  for (const [name, value] of Object.entries(own ?? {})) headers.set(name, value);
  let payload: BodyInit | undefined;
  if (form) payload = form;
  else if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body ?? {});
  }
  const response = await fetch(endpointUrl(endpoint, { params, query }), {
    method: endpoint.method,
    headers,
    credentials: 'include',
    body: payload,
    signal,
    keepalive,
  });
  if (response.status === 401 && !expectUnauthorized) sessionEnded();
  const data = parseAnswer(await response.text());
  if (!response.ok) throw errorFromAnswer(response.status, data, response.statusText);
  return data as EndpointAnswer<E>;
}

/**
 * A stored file (`/uploads/...`, outside /api) as a Blob, fetched with the session's credentials.
 * The page's content security policy allows no <object>, and files answer with `X-Frame-Options: DENY`,
 * so a PDF is shown from an object URL of this Blob (frames may show `blob:`), and images the same way.
 */
export async function fetchFile(url: string): Promise<Blob> {
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin) throw new Error('files are served by this site only');
  const response = await fetch(target.href, { headers: new Headers(credentialHeaders()), credentials: 'include' });
  if (!response.ok) throw errorFromAnswer(response.status, undefined, response.statusText);
  return response.blob();
}
