import type { ApiError as ApiErrorBody } from '@pes/contracts';
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
  return new ApiError(status, code, err?.message ?? statusText, err?.fields, err?.fieldKeys, err?.params);
}

const API_BASE = '/api';

/** Where the browser goes on a 401; replaceable in tests. */
export const navigation = {
  toSignIn(pathname: string) {
    window.location.assign(signInPathFor(pathname));
  },
};

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** A 401 here is an expected answer (sign-in), not an expired session. */
  expectUnauthorized?: boolean;
}

/**
 * The one API client (spec §7): relative paths go under /api, cookies are sent, JSON by default,
 * a valid stored token is sent as a bearer and re-saved, the role as x-user-role.
 * On a 401 all session storage is cleared and the browser goes to the area's sign-in page, which says the
 * session ended and, once the user signs in, returns to the page (an open form's draft is kept for it); on that
 * sign-in page itself the user is simply signed out.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, expectUnauthorized, headers: extraHeaders, ...init } = options;
  const url = /^https?:/.test(path) || path.startsWith(API_BASE) ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const headers = new Headers(extraHeaders);
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const token = sessionStore.validToken();
  if (token) {
    headers.set('authorization', `Bearer ${token}`);
    sessionStore.saveToken(token);
  }
  const role = sessionStore.role();
  if (role) headers.set('x-user-role', role);

  const response = await fetch(url, {
    ...init,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });

  if (response.status === 401 && !expectUnauthorized) {
    const { pathname, search } = window.location;
    sessionStore.clear();
    // On the sign-in page itself the session's end shows in place (signed out); loading it again would only ask again.
    if (signInPathFor(pathname) !== pathname) {
      recordSessionEnded(pathname + search);
      navigation.toSignIn(pathname);
    }
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw errorFromAnswer(response.status, data, response.statusText);
  return data as T;
}

/**
 * A stored file (`/uploads/...`, outside /api) as a Blob, fetched with the session's bearer token.
 * The page's content security policy allows no <object>, and files answer with `X-Frame-Options: DENY`,
 * so a PDF is shown from an object URL of this Blob (frames may show `blob:`), and images the same way.
 */
export async function fetchFile(url: string): Promise<Blob> {
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin) throw new Error('files are served by this site only');
  const headers = new Headers();
  const token = sessionStore.validToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(target.href, { headers, credentials: 'include' });
  if (!response.ok) throw errorFromAnswer(response.status, undefined, response.statusText);
  return response.blob();
}
