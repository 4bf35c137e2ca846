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
