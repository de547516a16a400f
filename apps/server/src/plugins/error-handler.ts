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

const TYPE_NAMES: Record<string, string> = {
  object: 'a JSON object',
  array: 'a list (JSON array)',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  date: 'a date and time',
};

/** Where a request part is, for messages about the part as a whole. */
const PART_NAMES: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The address',
  headers: 'The request headers',
};

/**
 * A validation message a person can act on: a generic zod message gets the field it concerns
 * (`subject`, e.g. "content" or "readings[2].heartRate"; the request part when there is none) and
 * plain words ("content must be text", "The request body must be a JSON object"); our own messages
 * already say what to fix and pass as they are.
 */
export function describeIssue(subject: string | undefined, message: string, part = 'body'): string {
  if (!isGenericMessage(message)) return message;
  const who = subject || PART_NAMES[part] || 'The request';
  const typed = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (typed) {
    const expected = TYPE_NAMES[typed[1]!] ?? typed[1]!;
    return typed[2] === 'undefined' ? `${who} is required: send ${expected}` : `${who} must be ${expected}`;
  }
  return `${who}: ${message}`;
}

export const isGenericMessage = (message: string) => GENERIC_MESSAGE.test(message);

/** The field a JSON-pointer-like path ends at ("/readings/2/heartRate" → "heartRate"). */
const lastField = (path: string) =>
  path
    .split(/[/.]/)
    .filter((s) => s && !/^\d+$/.test(s))
    .pop();

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
        ? describeIssue(
            lastField(first.instancePath),
            first.message ?? 'Invalid value',
            error.validationContext,
          )
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
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        const limit = request.routeOptions.bodyLimit;
        return reply
          .status(413)
          .send(
            body(
              `The request body is too large: at most ${limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${Math.round(limit / 1024)} KB`} here`,
              'BODY_TOO_LARGE',
            ),
          );
      }
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
