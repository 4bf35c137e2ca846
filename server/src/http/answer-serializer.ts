import { z } from 'zod';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;
const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * `anyOf` of plain types (zod's `.nullable()` gives `anyOf: [{ type: 'string' }, { type: 'null' }]`) as one `type`
 * list: fast-json-stringify writes that directly, where an `anyOf` would run a schema validator for every value.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplified(v)]));
  const branches = out.anyOf;
  if (
    Array.isArray(branches) &&
    Object.keys(out).length === 1 &&
    branches.every((b: JsonSchema) => Object.keys(b).length === 1 && typeof b.type === 'string' && SIMPLE_TYPES.has(b.type))
  ) {
    return { type: branches.map((b: JsonSchema) => b.type) };
  }
  return out;
}

/** The answer's schema compiled to a serialiser that writes only the schema's properties; undefined when it cannot be. */
export function compiledAnswer(schema: z.ZodType): Serialize | undefined {
  try {
    const json = simplified(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }));
    return fastJsonStringify(json as never) as Serialize;
  } catch {
    return undefined;
  }
}

/**
 * Answers written from their zod schema (issue 26): the route's answer schema is compiled to fast-json-stringify at
 * its first answer (not at start-up: ~10 ms a schema), which writes the schema's properties only, so a field the
 * schema does not name never leaves the server, in a fifth of the time a zod encode and JSON.stringify take. With
 * `validate` (development and tests) every answer is also checked against the schema first, so an answer that
 * breaks its contract fails the tests; production trusts the checked code. A schema that cannot be compiled keeps
 * fastify-type-provider-zod's serialiser.
 */
export function createAnswerSerializer({ validate }: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as never) as Serialize;
    const schema = route.schema as z.ZodType;
    if (!(schema instanceof z.ZodType)) return viaZod;
    let fast: Serialize | null | undefined;
    return (data) => {
      if (fast === undefined) fast = compiledAnswer(schema) ?? null;
      if (fast === null) return viaZod(data);
      if (validate) viaZod(data);
      return fast(data);
    };
  };
}
