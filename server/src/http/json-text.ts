import type { FastifyReply } from 'fastify';

/**
 * Sends JSON already written as text (the database can write a list's JSON from its own columns): a string
 * with a JSON content type goes out as it is, not parsed and serialised again. The reply is the untyped one:
 * a route's typed reply only takes its answer's object, not that object's JSON text.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
