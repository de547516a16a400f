import { STATUS_CODES } from 'node:http';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType, z } from 'zod';
import { type Representation, represent, sendRepresentation } from '../lib/representation.ts';
import { access, type RouteAccess } from './access.ts';

/**
 * The OpenAPI 3.1 document, generated from the routes themselves: their zod schemas (through the
 * zod type provider's transform), the operationId, summary and tag each route names in its schema,
 * and the access it declares (`x-vigil-access`, with the matching `security`). Error answers are
 * added here from that access, in the one shape the error handler gives them (`{ error, message,
 * code }`; FHIR routes answer an OperationOutcome instead).
 */

/** What a route adds to its document entry when its schemas cannot say it. */
export interface RouteDoc {
  /**
   * A body the handler validates itself (a reading or a batch of them), described but not enforced;
   * 'none' for an action that takes no body (its document entry says `x-vigil-request: none`).
   */
  body?: ZodType | 'none';
  /** A success answer that is not JSON (CSV, an event stream, NDJSON) or has no body. */
  answers?: { status: number; description: string; contentType?: string; schema?: ZodType }[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

/** Routes under these prefixes answer FHIR errors (OperationOutcome) in application/fhir+json. */
export const FHIR_BASE_PATH = '/fhir/R4';

/** The one error shape of the API (plugins/error-handler.ts). */
export const ErrorBody = z.object({
  error: z.string().describe('What went wrong, in words a person can act on (the same text as message)'),
  message: z.string().describe('What went wrong, in words a person can act on'),
  code: z.string().describe('A stable machine-readable code, e.g. VALIDATION_FAILED'),
});

/** A FHIR R4 OperationOutcome as the FHIR API answers errors (http://hl7.org/fhir/R4/operationoutcome.html). */
export const OperationOutcomeBody = z.object({
  resourceType: z.literal('OperationOutcome'),
  issue: z
    .array(
      z.object({
        severity: z.enum(['fatal', 'error', 'warning', 'information']),
        code: z.string(),
        diagnostics: z.string().optional(),
        details: z.object({ text: z.string().optional() }).optional(),
      }),
    )
    .min(1),
});

/** A zod schema as a component of the document (JSON Schema 2020-12, as OpenAPI 3.1 takes it). */
function componentSchema(schema: ZodType) {
  const { $schema: _, ...json } = toJSONSchema(schema, { io: 'output' });
  return json as unknown as Record<string, never>;
}

const isFhirRoute = (url: string) => url.startsWith(FHIR_BASE_PATH);

/** The error answers a route can give, from what it declares: input, access, a record in its path. */
function errorStatuses(url: string, access: RouteAccess | undefined, hasInput: boolean): [string, string][] {
  // Any request may be refused as invalid: NUL characters and lone surrogates are refused everywhere.
  const statuses: [string, string][] = [
    ['400', hasInput ? 'The request is invalid; the message names the field' : 'The request is invalid'],
  ];
  if (access && access.kind !== 'public' && access.kind !== 'asset') {
    statuses.push(['401', 'Not signed in, or the credential is missing, unknown or expired']);
  }
  if (access?.kind === 'user') {
    statuses.push(['403', `The role or token lacks what the route needs (${describeAccess(access)})`]);
  }
  if (/[:{]/.test(url)) statuses.push(['404', 'No such record']);
  statuses.push(['5XX', 'The server or its database failed; try again later']);
  return statuses;
}

function describeAccess(access: RouteAccess): string {
  switch (access.kind) {
    case 'user':
      return [
        `the "${access.permission}" permission`,
        access.orToken ? `or a ${access.orToken} token` : null,
        access.scopes?.length
          ? `with ${access.scopeMatch === 'any' ? 'any of the' : ''} scopes ${access.scopes.join(', ')}`.replace(
              '  ',
              ' ',
            )
          : null,
      ]
        .filter(Boolean)
        .join(' ');
    case 'token':
      return `a ${access.token} token`;
    default:
      return access.kind;
  }
}

/** The security requirements of a declared access (OpenAPI `security`: any one of them suffices). */
function securityOf(access: RouteAccess | undefined): Record<string, string[]>[] {
  if (!access) return [];
  const tokenScheme = (kind: string, scopes: readonly string[] = []) =>
    kind === 'smart' ? { smartBackendServices: [...scopes] } : { [`${kind}Token`]: [] };
  switch (access.kind) {
    case 'public':
    case 'asset':
    case 'webhook':
      return [];
    case 'token':
      return [tokenScheme(access.token)];
    case 'metrics':
      return [{ metricsToken: [] }];
    case 'user':
      if (access.orToken === 'smart' && access.scopeMatch === 'any') {
        return [{ session: [] }, ...(access.scopes ?? []).map((scope) => tokenScheme('smart', [scope]))];
      }
      return [{ session: [] }, ...(access.orToken ? [tokenScheme(access.orToken, access.scopes)] : [])];
  }
}

type Json = Record<string, unknown>;

/**
 * A schema without `anyOf` alternatives that say nothing: `anyOf: [{}, {type: null}]` (what an
 * unknown-or-null value generates) matches anything, and is written so (`{}` with its description).
 */
function withoutEmptyAlternatives(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyAlternatives);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Json;
  const anyOf = schema.anyOf as unknown[] | undefined;
  if (Array.isArray(anyOf) && anyOf.some((s) => s && typeof s === 'object' && Object.keys(s).length === 0)) {
    const { anyOf: _, ...rest } = schema;
    return withoutEmptyAlternatives(rest);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withoutEmptyAlternatives(v)]));
}

export async function registerOpenApi(app: FastifyInstance, options: { title: string; version: string }) {
  const zodTransform = createJsonSchemaTransform({});
  const swaggerOptions: FastifyDynamicSwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      // Paths are relative to the server that serves this document.
      servers: [{ url: '/', description: 'This Vigil server' }],
      info: {
        title: options.title,
        version: options.version,
        description:
          'The Vigil API. Every operation names the access it requires in `x-vigil-access` (a permission of ' +
          'the signed-in person, a scoped token, or public) and in `security`. Errors answer ' +
          '`{ error, message, code }`; the FHIR R4 API answers OperationOutcome resources.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'vigil_session',
            description: 'The session cookie set by POST /api/login (`__Host-vigil_session` over HTTPS)',
          },
          deviceToken: { type: 'http', scheme: 'bearer', description: 'A device token (vgl_dev_…)' },
          pairingToken: { type: 'http', scheme: 'bearer', description: 'A one-use bridge pairing token' },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN (or a scrape from an address in METRICS_ALLOWED_ADDRESSES)',
          },
          smartBackendServices: {
            type: 'oauth2',
            description: 'SMART Backend Services: client_credentials with a private_key_jwt assertion',
            flows: {
              clientCredentials: {
                tokenUrl: `${FHIR_BASE_PATH}/auth/token`,
                scopes: {
                  'system/Patient.rs': 'Read and search patients (and their devices)',
                  'system/Observation.rs': 'Read and search vital signs and NEWS2 scores',
                  'system/Device.rs': 'Read and search linked devices',
                  'system/Group.rs': 'Read the ward as a Group (and export it)',
                  'system/Provenance.rs': 'Read where each observation came from',
                },
              },
            },
          },
        },
        schemas: {
          Error: componentSchema(ErrorBody),
          OperationOutcome: componentSchema(OperationOutcomeBody),
        },
      },
    },
    transform(document) {
      const { route } = document;
      const access = route.config?.access;
      // The web app's files are not part of the API.
      if (access?.kind === 'asset') return { schema: { hide: true }, url: document.url };
      const doc = route.config?.openapi;
      const schema = { ...(document.schema ?? {}) } as Json;
      if (doc?.body && doc.body !== 'none') schema.body = doc.body;
      const transformed = zodTransform({ ...document, schema: schema as typeof document.schema });
      const result = transformed.schema as Json;
      const responses = { ...((result.response as Json | undefined) ?? {}) };
      for (const answer of doc?.answers ?? []) {
        responses[String(answer.status)] = answer.contentType
          ? {
              description: answer.description,
              content: {
                [answer.contentType]: {
                  schema: answer.schema ? componentSchema(answer.schema) : { type: 'string' },
                },
              },
            }
          : { description: answer.description, type: 'null' };
      }
      if (Object.keys(responses).length > 0) result.response = responses;
      result['x-vigil-access'] = access ?? null;
      if (doc?.body === 'none') result['x-vigil-request'] = 'none';
      return { schema: result as typeof document.schema, url: transformed.url };
    },
    transformObject(document) {
      const object = withoutEmptyAlternatives(jsonSchemaTransformObject(document)) as Json;
      for (const [url, item] of Object.entries((object.paths ?? {}) as Record<string, Json>)) {
        for (const operation of Object.values(item) as Json[]) {
          if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
          const access = operation['x-vigil-access'] as RouteAccess | undefined;
          for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
            // A declared answer without a description of its own: say what the status means. (A route
            // that declares no answer at all keeps the generator's "200 Default Response".)
            if (response.description === 'Default Response' && (response.content || status !== '200')) {
              response.description = STATUS_CODES[status] ?? 'Success';
            }
          }
          operation.security = securityOf(access);
          const responses = operation.responses as Json;
          const hasInput = Boolean(operation.parameters || operation.requestBody);
          const fhir = isFhirRoute(url);
          for (const [status, description] of errorStatuses(url, access, hasInput)) {
            if (responses[status]) continue;
            responses[status] = {
              description,
              content: fhir
                ? { 'application/fhir+json': { schema: { $ref: '#/components/schemas/OperationOutcome' } } }
                : { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            };
          }
        }
      }
      return object;
    },
  };
  await app.register(swagger, swaggerOptions);
}

/** The tags of the document: one per capability, as the modules are named. */
export type OperationTag =
  | 'Accounts'
  | 'Analysis'
  | 'Audit'
  | 'Alerts'
  | 'Auth'
  | 'Bridge'
  | 'Care'
  | 'Devices'
  | 'Events'
  | 'FHIR'
  | 'Handover'
  | 'Patients'
  | 'Readings'
  | 'SMART'
  | 'System'
  | 'Ward'
  | 'Wards'
  | 'Wearables';

/** A route's entry in the document: its tag, a stable operationId and a one-line summary. */
export const operation = (tag: OperationTag, operationId: string, summary: string) => ({
  tags: [tag],
  operationId,
  summary,
});

const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/openapi.json: the document, for signed-in people (it names every route and permission).
 * The routes do not change once the server runs, so the document (337 KB) is built and rendered once,
 * at its first request, and sent from memory with its ETag (304 to a client that has it).
 */
export async function openApiRoutes(app: FastifyInstance) {
  let rendered: Representation | undefined;
  app.get(
    '/api/openapi.json',
    {
      config: { access: access.user('account:self') },
      schema: {
        ...operation('System', 'getOpenApiDocument', 'This API as an OpenAPI 3.1 document'),
        response: { 200: OpenApiDocument },
      },
    },
    async (request, reply) => {
      rendered ??= represent(JSON.stringify(app.swagger()));
      return sendRepresentation(request, reply, rendered);
    },
  );
}
