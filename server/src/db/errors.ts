/** The PostgreSQL error behind a driver or drizzle error (both drivers report SQLSTATE codes). */
function pgErrorOf(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: string; message?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as never;
    e = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgErrorOf(err);
  if (pg?.code !== '23505') return false;
  return constraint === undefined || pg.constraint === constraint || (pg.message ?? '').includes(constraint);
};

/**
 * The database does not answer: the connection was refused, lost or timed out, or PostgreSQL is shutting
 * down, starting or cancelled the statement for running too long. Callers are told to come back later (503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    // 08xxx connection exceptions, 57P01-3 shutdown / cannot connect now, 57014 statement timeout,
    // 53300 too many connections, and the socket's own errors.
    if (/^(08[0-9A-Z]{3}|57P0[1-3]|57014|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (
      /Connection terminated|Query read timeout|not queryable|timeout exceeded when trying to connect|connection timeout|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)/i.test(
        message,
      )
    )
      return true;
    // pg reports a refused connection to a host with several addresses as an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = candidate.cause;
  }
  return false;
}
