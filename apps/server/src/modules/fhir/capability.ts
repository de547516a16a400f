import { SMART_SCOPES } from '@vigil/domain';
import type { CapabilityStatement } from 'fhir/r4';
import { ASSERTION_ALGORITHMS } from '../smart/service.ts';
import { EXPORT_TYPES } from './export-service.ts';

const PROFILE = (name: string) => `http://hl7.org/fhir/StructureDefinition/${name}`;

/** What this server supports, exactly: read and search of three types, $everything and $export. */
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
          'Read-only. Unknown search parameters are refused (400), not ignored. Observation searches page with next links ' +
          '(_count up to 1000) and sort by date (_sort=date or -date, newest first by default). Simulated and demo readings ' +
          'are never exported; every Observation carries its provenance in meta.tag (urn:vigil:reading-provenance).',
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
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              { name: '_id', type: 'token' },
              {
                name: 'identifier',
                type: 'token',
                documentation: 'The patient ID shown on the ward (urn:vigil:patient-id)',
              },
              { name: 'name', type: 'string' },
            ],
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
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
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              { name: 'patient', type: 'reference' },
              { name: 'subject', type: 'reference' },
              { name: 'category', type: 'token', documentation: 'vital-signs, or survey (NEWS2 totals)' },
              {
                name: 'code',
                type: 'token',
                documentation: 'LOINC (http://loinc.org) or SNOMED CT (NEWS2 total)',
              },
              {
                name: 'date',
                type: 'date',
                documentation: 'Prefixes eq, gt, ge, lt, le, sa, eb; repeat for a range',
              },
            ],
          },
          {
            type: 'Device',
            profile: PROFILE('Device'),
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [{ name: 'patient', type: 'reference' }],
          },
        ],
        operation: [
          {
            name: 'export',
            definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
            documentation: `Types ${EXPORT_TYPES.join(', ')}; _since and _type; NDJSON files expire an hour after the export completes. Signing algorithms ${ASSERTION_ALGORITHMS.join(', ')}.`,
          },
        ],
      },
    ],
  };
}
