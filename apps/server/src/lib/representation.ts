import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** An answer rendered once and sent many times: its JSON bytes and the validator that names them. */
export interface Representation {
  body: Buffer | string;
  etag: string;
}

/** A strong validator of exactly these bytes: computed once, when the answer is rendered. */
export function represent(json: string): Representation {
  const body = Buffer.from(json);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/**
 * A weak validator (RFC 9110 8.8.1): answers that differ only in what does not matter to the client
 * (the time an analysis was generated) share it.
 */
export function weakEtag(content: string): string {
  return `W/"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

/**
 * Sends a rendered JSON answer, or 304 Not Modified when the client's `If-None-Match` names it:
 * the client keeps the copy it has. The bytes go out as they are, past the route's serializer.
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, answer: Representation) {
  reply.header('etag', answer.etag);
  if (isFresh(request, answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** Whether the client's `If-None-Match` names this validator (weak comparison, as GET asks). */
export const isFresh = (request: FastifyRequest, etag: string) =>
  request.headers['if-none-match'] !== undefined && fresh(request.headers, { etag });
