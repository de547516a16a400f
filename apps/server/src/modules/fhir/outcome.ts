import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { OperationOutcomeIssue } from 'fhir/r4';
import { AppError } from '../../lib/errors.ts';
import { describeIssue } from '../../plugins/error-handler.ts';
import { operationOutcome } from './mappers.ts';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** What a route answering FHIR resources declares it produces (its answers go out as FHIR_JSON). */
export const FHIR_PRODUCES = ['application/fhir+json'];

/** The FHIR issue type of an HTTP status (http://hl7.org/fhir/R4/valueset-issue-type.html). */
function issueType(status: number): OperationOutcomeIssue['code'] {
  if (status === 400 || status === 422) return 'invalid';
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 429) return 'throttled';
  if (status === 415 || status === 406 || status === 405) return 'not-supported';
  return 'exception';
}

/**
 * Errors of the FHIR API answer OperationOutcome resources (with Vigil's error code beside the
 * message), whatever raised them: the access hook, a search parameter, a missing record.
 */
export function registerFhirErrors(scope: FastifyInstance) {
  const send = (reply: import('fastify').FastifyReply, status: number, message: string, code: string) => {
    const outcome = operationOutcome(issueType(status), message, status >= 500 ? 'fatal' : 'error');
    outcome.issue[0]!.details = { coding: [{ system: 'urn:vigil:error-code', code }], text: message };
    return reply.status(status).type(FHIR_JSON).send(outcome);
  };
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.message, error.code);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.split('/').filter(Boolean).pop();
      const message = first
        ? describeIssue(field, first.message ?? 'Invalid value', error.validationContext)
        : 'Invalid request';
      return send(reply, 400, message, 'VALIDATION_FAILED');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, error.message, error.code ?? 'BAD_REQUEST');
    }
    request.log.error({ err: { name: error.name, code: error.code } }, 'FHIR request failed');
    return send(reply, 500, 'Internal server error', 'INTERNAL');
  });
  scope.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A type this server serves, asked for an interaction it does not support (create, update,
    // delete, patch): 405 with what it allows, not 404 as if the type were unknown.
    const served =
      /^\/fhir\/R4\/(Patient|Observation|Device|Group|Provenance)(\/(?:[A-Za-z0-9\-.]{1,64}|_search))?$/.exec(
        path,
      );
    if (served && request.method !== 'GET' && request.method !== 'HEAD') {
      reply.header('allow', served[2] === undefined || served[2] === '/_search' ? 'GET, POST' : 'GET');
      return send(
        reply,
        405,
        `${request.method} is not supported on ${served[1]}: this FHIR server reads and searches only`,
        'METHOD_NOT_ALLOWED',
      );
    }
    return send(reply, 404, `No FHIR interaction ${request.method} ${path} on this server`, 'NOT_FOUND');
  });
}
