import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PG_FOREIGN_KEY_VIOLATION } from '../db/errors.ts';
import { AppError } from '../lib/errors.ts';

interface ErrorBody {
  error: string;
  message: string;
  code: string;
}

const body = (message: string, code: string): ErrorBody => ({ error: message, message, code });

/** Connection-level failures of PostgreSQL: answer 503 (retry later), not 500. */
const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03']);

/** zod's own default messages do not name the field; ours do ("Heart rate must be within …"). */
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key|Expected)/;

/** Prefixes a generic validation message with the field it concerns: "pulse: Invalid input: …". */
export function describeIssue(path: string, message: string): string {
  const field = path.split(/[/.]/).filter(Boolean).pop();
  if (!field || /^\d+$/.test(field) || !GENERIC_MESSAGE.test(message)) return message;
  return `${field}: ${message}`;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, ...body(error.message, error.code) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first
        ? describeIssue(first.instancePath, first.message ?? 'Invalid value')
        : 'Invalid request';
      return reply.status(400).send(body(message, 'VALIDATION_FAILED'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'response failed its schema');
      return reply.status(500).send(body('Internal server error', 'INTERNAL'));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send(
            body('Send the request body as JSON (Content-Type: application/json)', 'UNSUPPORTED_MEDIA_TYPE'),
          );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('The request body is empty; send a JSON object', 'EMPTY_BODY'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(body('The request body is not valid JSON', 'INVALID_JSON'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('The request body is too large', 'BODY_TOO_LARGE'));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('Too many requests. Please wait a moment and try again.', 'TOO_MANY_REQUESTS'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body(error.message, error.code ?? 'BAD_REQUEST'));
    }
    const cause = rootCause(error);
    if (cause.code === PG_FOREIGN_KEY_VIOLATION) {
      return reply
        .status(409)
        .send(
          body('A record this request refers to no longer exists; reload and try again.', 'STALE_REFERENCE'),
        );
    }
    if (
      DB_UNAVAILABLE_CODES.has(String(cause.code)) ||
      /Connection terminated|connect ECONNREFUSED/.test(cause.message ?? '')
    ) {
      request.log.warn({ code: cause.code }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('The database is unavailable. Please try again shortly.', 'DATABASE_UNAVAILABLE'));
    }
    // Database errors carry the SQL and its parameters (patient data) in their messages: log only the
    // error class and codes. Other errors are ours and carry no patient data.
    const isDbError = error.name === 'DrizzleQueryError' || cause !== error;
    request.log.error({
      err: isDbError
        ? { name: error.name, code: cause.code, constraint: cause.constraint }
        : { name: error.name, message: error.message, code: error.code, stack: error.stack },
    });
    return reply.status(500).send(body('Internal server error', 'INTERNAL'));
  });
}

interface ErrorWithCause {
  message?: string;
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function rootCause(error: unknown): ErrorWithCause {
  let current = error as ErrorWithCause;
  for (let depth = 0; depth < 5 && current.cause && typeof current.cause === 'object'; depth++) {
    current = current.cause as ErrorWithCause;
  }
  return current;
}
