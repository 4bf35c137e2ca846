import type { FastifySchemaCompiler } from 'fastify';
import { invalidInput } from '../app-error';

/**
 * Text PostgreSQL cannot store (NUL) or that is not text at all (a UTF-16 surrogate without its pair):
 * refused at the door, so no query ever fails on it (which would be a 500, with the value in the log).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isUnsafeText = (value: string) => UNSAFE_TEXT.test(value);

/**
 * The path (keys) to the first unsafe string or key in a parsed value; undefined when there is none. The path is
 * built on the way back from a find only: every request is checked, and nearly all are clean (issue 26).
 */
export function findUnsafeText(value: unknown, depth = 0): string[] | undefined {
  if (typeof value === 'string') return isUnsafeText(value) ? [] : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], depth + 1);
      if (found) return [String(i), ...found];
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (isUnsafeText(key)) return [key];
    const found = findUnsafeText(record[key], depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

interface ZodLike {
  shape?: Record<string, unknown>;
  _zod?: { def?: { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown; options?: unknown[] } };
}

/** The field names of an object schema (zod; through pipes, defaults, unions and refinements), or none. */
export function schemaFields(schema: unknown, depth = 0): Set<string> {
  const out = new Set<string>();
  const s = schema as ZodLike | undefined;
  if (!s || typeof s !== 'object' || depth > 8) return out;
  if (s.shape && typeof s.shape === 'object') Object.keys(s.shape).forEach((k) => out.add(k));
  const def = s._zod?.def;
  for (const inner of [def?.in, def?.out, def?.innerType, def?.schema, ...(Array.isArray(def?.options) ? def.options : [])]) {
    if (inner && inner !== schema) schemaFields(inner, depth + 1).forEach((k) => out.add(k));
  }
  return out;
}

/**
 * The field a bad value is reported under: its top-level name when the request's schema has that field,
 * otherwise `_` (a name the caller made up is never echoed back).
 */
export function reportedField(path: string[], fields: Set<string>) {
  const top = path[0];
  return top !== undefined && fields.has(top) ? top : '_';
}

const reportsUnsafeText = new Set(['body', 'querystring', 'params']);

/**
 * A validator compiler with the door check in front of each route's body, query and path schemas: unsafe text
 * anywhere in the part is a 400 naming the field; a missing, null or non-object body that the route's schema does not
 * accept is a 400 before the schema's refinements could run on it. In the validator rather than in a hook, so a
 * request runs no hook of its own for it (issue 26: a hook runner per request for one check).
 * A part no schema describes is never handed to a handler's code, so there is nothing to check there.
 */
export function withInputSafety<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (!route.httpPart || !reportsUnsafeText.has(route.httpPart)) return validate;
    const fields = schemaFields(route.schema);
    const isBody = route.httpPart === 'body';
    const bodySchema = route.schema as { safeParse?: (v: unknown) => { success: boolean } };
    return (data: unknown) => {
      const found = findUnsafeText(data);
      if (found) return { error: invalidInput({ [reportedField(found, fields)]: 'invalidCharacters' }) };
      if (isBody && (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) && !acceptsAsItIs(bodySchema, data)) {
        return { error: invalidInput({ _: 'invalidType' }) };
      }
      return validate(data);
    };
  };
}

/** A schema that takes no body (optional) says so; any other answer, a refinement throwing on null included, is the caller's mistake. */
function acceptsAsItIs(schema: { safeParse?: (v: unknown) => { success: boolean } }, data: unknown) {
  try {
    return typeof schema.safeParse === 'function' && schema.safeParse(data).success;
  } catch {
    return false;
  }
}
