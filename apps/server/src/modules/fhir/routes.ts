import { SMART_SCOPES, SmartTokenRequest, SmartTokenResponse } from '@vigil/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { access } from '../../plugins/access.ts';
import { type ErrorBody, FHIR_BASE_PATH, operation } from '../../plugins/openapi.ts';
import { type AuditActor, actorOf } from '../audit/context.ts';
import { ASSERTION_ALGORITHMS, OAuthError, type SmartService } from '../smart/service.ts';
import { capabilityStatement } from './capability.ts';
import { exportRoutes } from './export-routes.ts';
import type { ExportRequester, ExportService } from './export-service.ts';
import { FHIR_JSON, FHIR_PRODUCES, registerFhirErrors } from './outcome.ts';
import {
  FhirBundle,
  FhirCapabilityStatement,
  FhirDevice,
  FhirId,
  FhirObservation,
  FhirPatient,
  fhirSearchQuery,
  RecordIdParam,
  SmartConfiguration,
} from './schemas.ts';
import type { RawQuery } from './search.ts';
import {
  DEVICE_SEARCH_PARAMS,
  type FhirService,
  OBSERVATION_SEARCH_PARAMS,
  PATIENT_SEARCH_PARAMS,
  type SearchContext,
} from './service.ts';

export interface FhirRoutesOptions {
  fhir: FhirService;
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
 * FHIR reads are audited by the FHIR service itself, with a SMART client's identity where there is
 * no person (fhir/service.ts `auditRead`), so the access hook records none of its own.
 */
const read = (type: 'Patient' | 'Observation' | 'Device') =>
  access.user('patients:read', { orToken: 'smart', scopes: [`system/${type}.rs`], reads: false });

/** FHIR R4 at /fhir/R4: errors answer OperationOutcome (outcome.ts). */
export const fhirRoutes: FastifyPluginAsyncZod<FhirRoutesOptions> = async (app, options) => {
  const { fhir, exports, smart } = options;
  registerFhirErrors(app);
  const baseUrl = (request: FastifyRequest) =>
    `${options.publicUrl ?? `${request.protocol}://${request.host}`}${FHIR_BASE_PATH}`;
  const context = (request: FastifyRequest): SearchContext => ({
    baseUrl: baseUrl(request),
    actor: fhirActorOf(request),
  });
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
      return {
        token_endpoint: `${baseUrl(request)}/auth/token`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
        scopes_supported: SMART_SCOPES,
        capabilities: ['client-confidential-asymmetric', 'permission-v2'],
      };
    },
  );

  // The token endpoint takes a form (RFC 6749) and answers OAuth errors ({ error, error_description }).
  await app.register(async (tokenScope) => {
    tokenScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
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
            ],
          },
        },
        schema: {
          ...operation('SMART', 'smartToken', 'Exchange a signed client assertion for an access token'),
          consumes: ['application/x-www-form-urlencoded'],
        },
      },
      async (request, reply) => {
        const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
          string,
          string
        >;
        try {
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

  app.get(
    '/Patient',
    {
      config: { access: read('Patient') },
      schema: {
        ...operation(
          'FHIR',
          'fhirSearchPatients',
          'Search patients by identifier (the ward patient ID), name or _id',
        ),
        produces: FHIR_PRODUCES,
        querystring: fhirSearchQuery(PATIENT_SEARCH_PARAMS),
        response: { 200: FhirBundle },
      },
    },
    async (request) => as(FhirBundle, await fhir.searchPatients(request.query as RawQuery, context(request))),
  );

  app.get(
    '/Patient/:id',
    {
      config: { access: read('Patient') },
      schema: {
        ...operation('FHIR', 'fhirReadPatient', 'Read a patient'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirPatient },
      },
    },
    async (request) => as(FhirPatient, await fhir.readPatient(request.params.id, context(request))),
  );

  app.get(
    '/Patient/:id/$everything',
    {
      config: {
        access: access.user('patients:read', {
          orToken: 'smart',
          scopes: ['system/Patient.rs', 'system/Observation.rs', 'system/Device.rs'],
          reads: false, // audited by the FHIR service, as `read` above
        }),
      },
      schema: {
        ...operation(
          'FHIR',
          'fhirPatientEverything',
          'Everything about one patient: the patient, devices, observations',
        ),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirBundle },
      },
    },
    async (request) => as(FhirBundle, await fhir.everything(request.params.id, context(request))),
  );

  app.get(
    '/Observation',
    {
      config: { access: read('Observation') },
      schema: {
        ...operation('FHIR', 'fhirSearchObservations', 'Search vital signs and NEWS2 totals, paged'),
        produces: FHIR_PRODUCES,
        querystring: fhirSearchQuery(OBSERVATION_SEARCH_PARAMS),
        response: { 200: FhirBundle },
      },
    },
    async (request) =>
      as(FhirBundle, await fhir.searchObservations(request.query as RawQuery, context(request))),
  );

  app.get(
    '/Observation/:id',
    {
      config: { access: read('Observation') },
      schema: {
        ...operation('FHIR', 'fhirReadObservation', 'Read an observation'),
        produces: FHIR_PRODUCES,
        params: FhirId,
        response: { 200: FhirObservation },
      },
    },
    async (request) => as(FhirObservation, await fhir.readObservation(request.params.id, context(request))),
  );

  app.get(
    '/Device',
    {
      config: { access: read('Device') },
      schema: {
        ...operation('FHIR', 'fhirSearchDevices', 'Search linked devices by patient'),
        produces: FHIR_PRODUCES,
        querystring: fhirSearchQuery(DEVICE_SEARCH_PARAMS),
        response: { 200: FhirBundle },
      },
    },
    async (request) => as(FhirBundle, await fhir.searchDevices(request.query as RawQuery, context(request))),
  );

  app.get(
    '/Device/:id',
    {
      config: { access: read('Device') },
      schema: {
        ...operation('FHIR', 'fhirReadDevice', 'Read a linked device'),
        produces: FHIR_PRODUCES,
        params: RecordIdParam,
        response: { 200: FhirDevice },
      },
    },
    async (request) => as(FhirDevice, await fhir.readDevice(request.params.id, context(request))),
  );

  exportRoutes(app, { exports, baseUrl, requester });
};
