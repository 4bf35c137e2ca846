/**
 * The headers every answer carries, the ones Fastify's routes give (set as each request arrives) and the ones
 * answered before any route runs (a URL that does not decode) or on the raw socket (headers too large): a browser
 * shown an error page must treat it as strictly as any other.
 */
export function securityHeaders(production: boolean): ReadonlyArray<readonly [string, string]> {
  return [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'same-origin'],
    ['x-frame-options', 'DENY'],
    ['permissions-policy', 'camera=(self), microphone=(), geolocation=()'],
    // Production sits behind HTTPS; browsers ignore this header over plain HTTP.
    ...(production ? [['strict-transport-security', 'max-age=31536000'] as const] : []),
  ];
}
