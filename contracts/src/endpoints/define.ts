import type { z } from 'zod';
import type { MultipartForm } from '../files';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, described once: the server registers its route from this and the web calls it through one
 * typed function, so neither side spells the path, the schemas or the answer's type again.
 * A body is either a zod schema (JSON) or a multipart form (its text fields and files, parsed in one step).
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify's path syntax: `:name` stands for a path parameter of `params`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: MultipartForm;
  /** The success status with its answer's schema (error answers are the catalogue's, per route). */
  status: 200 | 201 | 202;
  answer: z.ZodType;
}

/** Declares an endpoint, keeping the literal types of its parts. */
export const endpoint = <const E extends Endpoint>(description: E): E => description;

/** What a caller sends: a schema's input (before defaults and coercion), as the server receives it. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** What the caller gets back: the answer schema's output, as the server serialised it. */
export type EndpointAnswer<E extends Endpoint> = z.output<E['answer']>;

/** The path with its parameters filled in (each encoded); a parameter missing from `params` is an error. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
