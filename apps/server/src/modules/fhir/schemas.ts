import { z } from 'zod';

/**
 * The FHIR API's answers as the OpenAPI document describes them: the resource type and the
 * elements a client pages or links by. The resources themselves follow FHIR R4 (mappers.ts; the
 * tests validate them with a FHIR validator), so the rest of each resource passes as it is.
 */
const link = z.object({ relation: z.string(), url: z.string() });
export const FhirBundle = z.looseObject({
  resourceType: z.string().describe('Bundle'),
  type: z.string().describe('searchset'),
  link: z.array(link).optional(),
  entry: z
    .array(
      z.looseObject({
        fullUrl: z.string().optional(),
        resource: z.looseObject({ resourceType: z.string() }).optional(),
      }),
    )
    .optional(),
});
const resource = (type: string) =>
  z.looseObject({ resourceType: z.string().describe(type), id: z.string().optional() });
export const FhirPatient = resource('Patient');
export const FhirObservation = resource('Observation');
export const FhirDevice = resource('Device');
export const FhirGroup = resource('Group');
export const FhirProvenance = resource('Provenance');
export const FhirLocation = resource('Location');
export const FhirCapabilityStatement = z.looseObject({
  resourceType: z.string().describe('CapabilityStatement'),
  fhirVersion: z.string().describe('4.0.1'),
  rest: z.array(z.looseObject({ mode: z.string() })).optional(),
});
export const SmartConfiguration = z.looseObject({
  token_endpoint: z.string(),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});
export const ExportManifestSchema = z.object({
  transactionTime: z.string(),
  request: z.string(),
  requiresAccessToken: z.boolean(),
  output: z.array(z.object({ type: z.string(), url: z.string(), count: z.number().int() })),
  error: z.array(z.object({ type: z.string(), url: z.string() })),
});
export const FhirId = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9\-.]{1,64}$/, 'id must be a FHIR id: letters, digits, - and . (at most 64)'),
});
export const RecordIdParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be a positive number')
    .max(2_147_483_647, 'id is too large: there is no record with that id'),
});
/**
 * A FHIR search's query with the parameters it supports, each given once or repeated; the search
 * itself (search.ts) checks their values and refuses any other parameter by name.
 */
export function fhirSearchQuery(names: readonly string[]) {
  const value = z.union([z.string(), z.array(z.string())]).optional();
  return z.looseObject(Object.fromEntries(names.map((name) => [name, value])));
}
/** A Group's id: `ward` (the ward today) or a FHIR id. */
export const GroupIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'id must be a FHIR id such as ward'),
});
/** A FHIR id, or an operation's name ($lastn) that the route answers as not supported. */
export const FhirOperationOrId = z.object({
  id: z
    .string()
    .regex(
      /^(\$[a-z][a-z-]{0,40}|[A-Za-z0-9\-.]{1,64})$/,
      'id must be a FHIR id: letters, digits, - and . (at most 64)',
    ),
});
