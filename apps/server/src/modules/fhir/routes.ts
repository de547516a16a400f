import {
  SMART_RESOURCE_TYPES,
  SMART_SCOPES,
  type SmartPermission,
  type SmartResourceType,
  SmartTokenRequest,
  SmartTokenResponse,
  scopesAllowRead,
} from '@vigil/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Bundle, Resource } from 'fhir/r4';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { access } from '../../plugins/access.ts';
import { type ErrorBody, FHIR_BASE_PATH, operation } from '../../plugins/openapi.ts';
import { type AuditActor, actorOf } from '../audit/context.ts';
import { ASSERTION_ALGORITHMS, OAuthError, type SmartService } from '../smart/service.ts';
import { capabilityStatement } from './capability.ts';
import { exportRoutes } from './export-routes.ts';
import type { ExportRequester, ExportService } from './export-service.ts';
import { LOCATION_SEARCH_PARAMS, type LocationService } from './location.ts';
import { FHIR_JSON, FHIR_PRODUCES, registerFhirErrors } from './outcome.ts';
import {
  FhirBundle,
  FhirCapabilityStatement,
  FhirDevice,
  FhirGroup,
  FhirLocation,
  FhirObservation,
  FhirOperationOrId,
  FhirPatient,
  FhirProvenance,
  fhirSearchQuery,
  GroupIdParam,
  RecordIdParam,
  SmartConfiguration,
} from './schemas.ts';
import type { RawQuery } from './search.ts';
import {
  DEVICE_SEARCH_PARAMS,
  EVERYTHING_PARAMS,
  type FhirService,
  GROUP_SEARCH_PARAMS,
  OBSERVATION_SEARCH_PARAMS,
  PATIENT_SEARCH_PARAMS,
  type SearchContext,
} from './service.ts';

export interface FhirRoutesOptions {
  fhir: FhirService;
  /** The wards as Locations (decision 035). */
  locations: LocationService;
  exports: ExportService;
  smart: SmartService;
  clock: Clock;
  version: string;
  /** This server's public address (config PUBLIC_URL); undefined: each request's own. */
  publicUrl: string | undefined;
}

/**
 * The FHIR actor of an audit row: the signed-in person, or the SMART client by its id (a system has
 * no user row; its id names it in every row it causes).
 */
export function fhirActorOf(request: FastifyRequest): AuditActor {
  const actor = actorOf(request);
  return request.smart ? { ...actor, username: `smart:${request.smart.clientId}`, role: 'system' } : actor;
}

/**
 * A FHIR resource as its route's response schema types it: the schemas name the elements a client
 * pages and links by and let the rest of the resource through (FHIR's types have no index signature).
 */
const as = <S extends z.ZodType>(_schema: S, resource: object) => resource as z.output<S>;
/**
 * FHIR reads are audited by the FHIR service itself, one row per patient an answer holds, with a
 * SMART client's identity where there is no person, so the access hook records none of its own. A
 * read by id needs the scope's `r`, a search its `s` (SMART App Launch 2.x).
 */
const fhirAccess = (type: SmartResourceType, permissions: readonly SmartPermission[]) =>
  access.user('patients:read', {
    orToken: 'smart',
    scopes: [`system/${type}.rs`],
    scopePermissions: permissions,
    reads: false,
  });
const read = (type: SmartResourceType) => fhirAccess(type, ['r']);
const search = (type: SmartResourceType) => fhirAccess(type, ['s']);

/** A form body (POST [type]/_search, the token request) with repeated parameters as arrays. */
function parseForm(body: string): RawQuery {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const held = form[key];
    form[key] = held === undefined ? value : [held, value].flat();
  }
  return form;
}

/**
 * Whether If-None-Match names this version (weak comparison, RFC 9110 §13.1.2). Evaluated whatever
 * Cache-Control the request carries: `no-cache` asks caches to revalidate, which is this question
 * (fetch adds it to every conditional request).
 */
function noneMatch(request: FastifyRequest, version: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${version}"`);
}

/**
 * A read's answer with its version as a weak ETag (and Last-Modified): 304 when the client's
 * If-None-Match names it (its copy is current).
 */
function versioned(request: FastifyRequest, reply: FastifyReply, resource: Resource) {
  const version = resource.meta?.versionId;
  if (version) {
    const etag = `W/"${version}"`;
    reply.header('etag', etag);
    if (resource.meta?.lastUpdated)
      reply.header('last-modified', new Date(resource.meta.lastUpdated).toUTCString());
    if (noneMatch(request, version)) return reply.code(304).send();
  }
  return reply.send(resource);
}

/** The OAuth error answer of the token endpoint (RFC 6749 §5.2), with the API's own fields beside it. */
const OAuthErrorBody = z.object({
  error: z.string(),
  error_description: z.string(),
  message: z.string(),
  code: z.string(),
});

/** FHIR R4 at /fhir/R4: errors answer OperationOutcome (outcome.ts). */
export const fhirRoutes: FastifyPluginAsyncZod<FhirRoutesOptions> = async (app, options) => {
  const { fhir, exports, smart, locations } = options;
  registerFhirErrors(app);
  const baseUrl = (request: FastifyRequest) =>
    `${options.publicUrl ?? `${request.protocol}://${request.host}`}${FHIR_BASE_PATH}`;
  const context = (request: FastifyRequest): SearchContext => ({
    baseUrl: baseUrl(request),
    actor: fhirActorOf(request),
    ...(request.smart
      ? { allowedTypes: SMART_RESOURCE_TYPES.filter((t) => scopesAllowRead(request.smart!.scopes, t)) }
      : {}),
    ...(request.wards && !request.wards.all ? { wardIds: request.wards.wardIds } : {}),
  });
  // JSON only: a client asking for XML is told so (406), not sent JSON it did not ask for.
  app.addHook('onRequest', async (request) => {
    const format = new URL(request.url, 'http://x').searchParams.get('_format');
    const accept = String(request.headers.accept ?? '');
    const jsonFormat =
      format === null || /^(json|application\/(fhir\+)?json)$/i.test(format.split(';')[0]!.trim());
    const acceptsJson = accept === '' || /json|\*\/\*|application\/\*/i.test(accept);
    if (!jsonFormat || !acceptsJson) {
      throw new AppError(
        406,
        'NOT_ACCEPTABLE',
        'This server answers FHIR JSON only (application/fhir+json); ask for _format=json or leave _format out',
      );
    }
  });
  // Form bodies: POST [type]/_search (the token endpoint keeps its own parser).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  const requester = (request: FastifyRequest): ExportRequester => ({
    actor: fhirActorOf(request),
    userId: request.user?.id ?? null,
    client: request.smart ? { clientId: request.smart.clientId, scopes: request.smart.scopes } : null,
  });
  // Resources go out as FHIR JSON; the SMART configuration, tokens and export manifests as JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    const produces = (request.routeOptions.schema as { produces?: string[] } | undefined)?.produces;
    if (produces?.includes('application/fhir+json') && reply.statusCode < 300) reply.type(FHIR_JSON);
    return payload;
  });

  app.get(
    '/metadata',
    {
      config: { access: access.public },
      schema: {
        ...operation('FHIR', 'fhirCapabilities', 'The CapabilityStatement: what this FHIR server supports'),
        produces: FHIR_PRODUCES,
        response: { 200: FhirCapabilityStatement },
      },
    },
    async (request) =>
      as(
        FhirCapabilityStatement,
        capabilityStatement(baseUrl(request), options.version, options.clock.now()),
      ),
  );

  app.get(
    '/.well-known/smart-configuration',
    {
      config: { access: access.public },
      schema: {
        ...operation(
          'SMART',
          'smartConfiguration',
          'SMART configuration: the token endpoint and what it accepts',
        ),
        response: { 200: SmartConfiguration },
      },
    },
    async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
      return {
        issuer: origin,
        token_endpoint: `${baseUrl(request)}/auth/token`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
        // v2 scopes per type, their wildcards, and the v1 forms read as v2 (SMART App Launch 2.x).
        scopes_supported: [
          ...SMART_SCOPES,
          'system/*.rs',
          'system/*.read',
          ...SMART_RESOURCE_TYPES.map((t) => `system/${t}.read`),
        ],
        response_types_supported: ['token'],
        capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
        code_challenge_methods_supported: [],
      };
    },
  );

  // The token endpoint takes a form (RFC 6749) and answers OAuth errors ({ error, error_description }).
  await app.register(async (tokenScope) => {
    // Only a form (RFC 6749 §4.4.2): any other body is read as nothing and refused as invalid_request.
    tokenScope.removeAllContentTypeParsers();
    tokenScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    tokenScope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 65_536 }, (_request, _body, done) =>
      done(null, null),
    );
    tokenScope.post(
      '/auth/token',
      {
        config: {
          access: access.public,
          openapi: {
            body: SmartTokenRequest,
            answers: [
              {
                status: 200,
                description: 'An access token',
                contentType: 'application/json',
                schema: SmartTokenResponse,
              },
              {
                status: 400,
                description: 'invalid_request, invalid_scope or unsupported_grant_type (RFC 6749 §5.2)',
                contentType: 'application/json',
                schema: OAuthErrorBody,
              },
              {
                status: 401,
                description: 'invalid_client: the assertion or the client was refused',
                contentType: 'application/json',
                schema: OAuthErrorBody,
              },
            ],
          },
        },
        schema: {
          ...operation('SMART', 'smartToken', 'Exchange a signed client assertion for an access token'),
          consumes: ['application/x-www-form-urlencoded'],
        },
      },
      async (request, reply) => {
        const isForm = /^application\/x-www-form-urlencoded\b/i.test(
          String(request.headers['content-type'] ?? ''),
        );
        const form = (
          isForm && request.body && typeof request.body === 'object' ? request.body : {}
        ) as Record<string, string>;
        try {
          if (!isForm) {
            throw new OAuthError(
              400,
              'invalid_request',
              'The token request must be a form: Content-Type application/x-www-form-urlencoded',
            );
          }
          const token = await smart.token(form, `${baseUrl(request)}/auth/token`, actorOf(request));
          return reply.type('application/json; charset=utf-8').send(token);
        } catch (error) {
          if (!(error instanceof OAuthError)) throw error;
          const body: z.infer<typeof ErrorBody> & { error_description: string } = {
            error: error.error,
            error_description: error.message,
            message: error.message,
            code: error.error.toUpperCase(),
          };
          return reply.status(error.status).type('application/json; charset=utf-8').send(body);
        }
      },
    );
  });

  /** A search by GET and by POST [type]/_search (a form, merged with the query). */
  function searchRoutes(
    type: 'Patient' | 'Observation' | 'Device' | 'Group' | 'Location',
    params: readonly string[],
    summary: string,
    run: (query: RawQuery, context: SearchContext) => Promise<Bundle>,
  ) {
    app.get(
      `/${type}`,
      {
        config: { access: search(type) },
        schema: {
          ...operation('FHIR', `fhirSearch${type}s`, summary),
          produces: FHIR_PRODUCES,
          querystring: fhirSearchQuery(params),
          response: { 200: FhirBundle },
        },
      },
      async (request) => as(FhirBundle, await run(request.query as RawQuery, context(request))),
    );
    app.post(
      `/${type}/_search`,
      {
        config: { access: search(type) },
        schema: {
          ...operation('FHIR', `fhirSearch${type}sByPost`, `${summary} (the parameters as a form)`),
          produces: FHIR_PRODUCES,
          consumes: ['application/x-www-form-urlencoded'],
          querystring: fhirSearchQuery(params),
          body: fhirSearchQuery(params),
          response: { 200: FhirBundle },
        },
      },
      async (request) => {
        const query = { ...(request.query as RawQuery) };
        for (const [key, value] of Object.entries((request.body ?? {}) as RawQuery)) {
          query[key] = query[key] === undefined ? value : [query[key]!, value ?? []].flat();
        }
        return as(FhirBundle, await run(query, context(request)));
      },
    );
  }

  searchRoutes(
    'Patient',
    PATIENT_SEARCH_PARAMS,
    'Search patients by identifier (the ward patient ID), name, family, given, _id or location (their ward)',
    fhir.searchPatients,
  );
  searchRoutes(
    'Observation',
    OBSERVATION_SEARCH_PARAMS,
    'Search vital signs and NEWS2 totals, paged',
    fhir.searchObservations,
  );
  searchRoutes(
    'Device',
    DEVICE_SEARCH_PARAMS,
    'Search linked devices by patient or identifier',
    fhir.searchDevices,
  );
  searchRoutes('Group', GROUP_SEARCH_PARAMS, 'The ward as a Group of its patients', fhir.searchGroups);
  searchRoutes(
    'Location',
    LOCATION_SEARCH_PARAMS,
    "The hospital's wards as Locations (a person's own wards only)",
    locations.searchLocations,
  );

  app.get(
    '/Location/:id',
    {
      config: { access: read('Location') },
      schema: {
        ...operation('FHIR', 'fhirReadLocation', 'Read a ward as a Location (another ward of a person: 404)'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirLocation, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) =>
      versioned(request, reply, await locations.readLocation(request.params.id, context(request))),
  );

  app.get(
    '/Patient/:id',
    {
      config: { access: read('Patient') },
      schema: {
        ...operation('FHIR', 'fhirReadPatient', 'Read a patient (ETag: 304 to If-None-Match)'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirPatient, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) =>
      versioned(request, reply, await fhir.readPatient(request.params.id, context(request))),
  );

  app.get(
    '/Patient/:id/_history/:vid',
    {
      config: { access: read('Patient') },
      schema: {
        ...operation('FHIR', 'fhirVreadPatient', 'Read a version of a patient (the current one is kept)'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam.extend({
          vid: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'vid must be a versionId'),
        }),
        response: { 200: FhirPatient, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const patient = await fhir.readPatient(request.params.id, context(request));
      if (patient.meta?.versionId !== request.params.vid) {
        throw notFound(
          `Patient/${request.params.id} version ${request.params.vid} is not kept: this server keeps the current version (${patient.meta?.versionId})`,
        );
      }
      return versioned(request, reply, patient);
    },
  );

  app.get(
    '/Patient/:id/_history',
    {
      config: { access: read('Patient') },
      schema: {
        ...operation('FHIR', 'fhirPatientHistory', "A patient's versions (the current one is kept)"),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirBundle },
      },
    },
    async (request) => {
      const patient = await fhir.readPatient(request.params.id, context(request));
      const url = `Patient/${patient.id}`;
      return as(FhirBundle, {
        resourceType: 'Bundle',
        type: 'history',
        total: 1,
        link: [{ relation: 'self', url: `${baseUrl(request)}/${url}/_history` }],
        entry: [
          {
            fullUrl: `${baseUrl(request)}/${url}`,
            resource: patient,
            request: { method: 'PUT', url },
            response: {
              status: '200 OK',
              lastModified: patient.meta!.lastUpdated!,
              etag: `W/"${patient.meta!.versionId}"`,
            },
          },
        ],
      } satisfies Bundle);
    },
  );

  app.get(
    '/Patient/:id/$everything',
    {
      config: {
        access: access.user('patients:read', {
          orToken: 'smart',
          // Any one type will do: the answer holds only the types the token allows.
          scopes: ['system/Patient.rs', 'system/Observation.rs', 'system/Device.rs', 'system/Provenance.rs'],
          scopeMatch: 'any',
          reads: false, // audited by the FHIR service, as `read` above
        }),
      },
      schema: {
        ...operation(
          'FHIR',
          'fhirPatientEverything',
          'Everything about one patient, paged: the patient, devices, observations, provenance',
        ),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        querystring: fhirSearchQuery(EVERYTHING_PARAMS),
        response: { 200: FhirBundle },
      },
    },
    async (request) =>
      as(FhirBundle, await fhir.everything(request.params.id, request.query as RawQuery, context(request))),
  );

  app.get(
    '/Observation/:id',
    {
      config: { access: read('Observation') },
      schema: {
        ...operation('FHIR', 'fhirReadObservation', 'Read an observation ($lastn and other operations: 404)'),
        produces: FHIR_PRODUCES,
        params: FhirOperationOrId,
        response: { 200: FhirObservation, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) =>
      versioned(request, reply, await fhir.readObservation(request.params.id, context(request))),
  );

  app.get(
    '/Device/:id',
    {
      config: { access: read('Device') },
      schema: {
        ...operation('FHIR', 'fhirReadDevice', 'Read a linked device'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirDevice, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) =>
      versioned(request, reply, await fhir.readDevice(request.params.id, context(request))),
  );

  app.get(
    '/Provenance/:id',
    {
      config: { access: read('Provenance') },
      schema: {
        ...operation('FHIR', 'fhirReadProvenance', 'Where a reading came from: a person or a device'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirProvenance, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) =>
      versioned(request, reply, await fhir.readProvenance(request.params.id, context(request))),
  );

  app.get(
    '/Group/:id',
    {
      config: { access: read('Group') },
      schema: {
        ...operation('FHIR', 'fhirReadGroup', 'Read the ward as a Group of its patients (Group/ward)'),
        produces: FHIR_PRODUCES,
        params: GroupIdParam,
        response: { 200: FhirGroup, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) =>
      versioned(request, reply, await fhir.readGroup(request.params.id, context(request))),
  );

  exportRoutes(app, { exports, baseUrl, requester, group: (id) => fhir.groupOf(id) });
};
