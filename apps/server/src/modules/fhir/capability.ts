import { SMART_SCOPES } from '@vigil/domain';
import type { CapabilityStatement } from 'fhir/r4';
import { ASSERTION_ALGORITHMS } from '../smart/service.ts';
import { EXPORT_TYPES } from './export-service.ts';
import { WARD_CODE_SYSTEM } from './location.ts';

const PROFILE = (name: string) => `http://hl7.org/fhir/StructureDefinition/${name}`;

/** What this server supports, exactly: read and search of its types, $everything and $export. */
export function capabilityStatement(baseUrl: string, version: string, date: Date): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: date.toISOString(),
    publisher: 'Vigil',
    kind: 'instance',
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
    software: { name: 'Vigil', version },
    implementation: { description: 'Vigil FHIR R4 read API (vital signs, NEWS2, devices)', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Read-only (writes answer 405; JSON only, XML 406). Unknown search parameters are refused (400), not ignored. ' +
          'Searches take GET or POST [type]/_search, page with next links (_count up to 1000), _total=accurate, ' +
          '_summary=count and _elements; Observations sort by date (_sort=date or -date, newest first by default). ' +
          'Reads carry an ETag (If-None-Match: 304). Simulated and demo readings are never exported; every Observation ' +
          'carries its provenance in meta.tag (urn:vigil:reading-provenance).',
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description: `SMART Backend Services (client_credentials, private_key_jwt); scopes ${SMART_SCOPES.join(', ')}. People use their Vigil session.`,
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${baseUrl}/auth/token` }],
            },
          ],
        },
        resource: [
          {
            type: 'Patient',
            profile: PROFILE('Patient'),
            versioning: 'versioned',
            readHistory: false,
            conditionalRead: 'not-match',
            interaction: [
              { code: 'read' },
              { code: 'vread' },
              { code: 'history-instance' },
              { code: 'search-type' },
            ],
            searchParam: [
              { name: '_id', type: 'token' },
              {
                name: 'identifier',
                type: 'token',
                documentation: 'The patient ID shown on the ward (urn:vigil:patient-id)',
              },
              { name: 'name', type: 'string' },
              { name: 'family', type: 'string' },
              { name: 'given', type: 'string' },
              {
                name: 'birthdate',
                type: 'date',
                documentation: 'Vigil records no birth date: matches no patient',
              },
              { name: 'gender', type: 'token', documentation: 'Vigil records no gender: matches no patient' },
              {
                name: 'location',
                type: 'reference',
                documentation:
                  'The ward (Location) the patient lies on now: Location/1; Vigil keeps no Encounter',
              },
              { name: '_lastUpdated', type: 'date' },
            ],
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
                documentation: 'Paged (_count, next links); _since, _type, start, end',
              },
              {
                name: 'export',
                definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export',
              },
            ],
          },
          {
            type: 'Observation',
            profile: PROFILE('Observation'),
            supportedProfile: ['vitalsigns', 'bp', 'heartrate', 'resprate', 'oxygensat', 'bodytemp'].map(
              PROFILE,
            ),
            conditionalRead: 'not-match',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchInclude: ['Observation:patient'],
            searchParam: [
              { name: 'patient', type: 'reference' },
              { name: 'subject', type: 'reference' },
              { name: 'category', type: 'token', documentation: 'vital-signs, or survey (NEWS2 totals)' },
              {
                name: 'code',
                type: 'token',
                documentation: 'LOINC (http://loinc.org) or SNOMED CT (NEWS2 total)',
              },
              { name: 'component-code', type: 'token', documentation: 'Systolic 8480-6, diastolic 8462-4' },
              { name: 'status', type: 'token' },
              {
                name: 'date',
                type: 'date',
                documentation: 'Prefixes eq, gt, ge, lt, le, sa, eb; repeat for a range',
              },
              {
                name: 'location',
                type: 'reference',
                documentation: 'Observations of the patients on this ward (Location) now: Location/1',
              },
              { name: '_lastUpdated', type: 'date' },
            ],
          },
          {
            type: 'Device',
            profile: PROFILE('Device'),
            conditionalRead: 'not-match',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              { name: '_id', type: 'token' },
              { name: 'patient', type: 'reference' },
              {
                name: 'identifier',
                type: 'token',
                documentation: "The device's own id (urn:vigil:device-id)",
              },
            ],
          },
          {
            type: 'Provenance',
            profile: PROFILE('Provenance'),
            conditionalRead: 'not-match',
            interaction: [{ code: 'read' }],
            documentation:
              'One per reading (Provenance/{reading id}): who recorded it or which device measured it',
          },
          {
            type: 'Location',
            profile: PROFILE('Location'),
            conditionalRead: 'not-match',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            documentation:
              "The hospital's wards (Location/{ward id}, a hospital unit; a person sees their own wards only)",
            searchParam: [
              { name: '_id', type: 'token' },
              {
                name: 'identifier',
                type: 'token',
                documentation: `The ward's code (${WARD_CODE_SYSTEM})`,
              },
              { name: 'name', type: 'string' },
            ],
          },
          {
            type: 'Group',
            profile: PROFILE('Group'),
            conditionalRead: 'not-match',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            documentation: 'The ward as Group/ward: the patients on it now',
            searchParam: [{ name: '_id', type: 'token' }],
            operation: [
              {
                name: 'export',
                definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export',
              },
            ],
          },
        ],
        operation: [
          {
            name: 'export',
            definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
            documentation: `Types ${EXPORT_TYPES.join(', ')}; _since and _type; a background job (X-Progress while it runs; 429 or 503 with Retry-After past its limits); NDJSON files expire an hour after the export completes. Signing algorithms ${ASSERTION_ALGORITHMS.join(', ')}.`,
          },
        ],
      },
    ],
  };
}
