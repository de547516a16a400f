import { createHash } from 'node:crypto';
import {
  computeNews2,
  DISPLAY_ID_OFFSET,
  news2InputFromVitals,
  type ReadingProvenance,
  type VitalValues,
} from '@vigil/domain';
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  Device,
  Group,
  Observation,
  OperationOutcome,
  OperationOutcomeIssue,
  Patient,
  Provenance,
  Quantity,
  Resource,
} from 'fhir/r4';
import {
  BP_COMPONENTS,
  BP_PANEL,
  DEVICE_ID_SYSTEM,
  DEVICE_TYPES,
  LOINC,
  LOINC_DISPLAY,
  NEWS2_SPO2_SCALE_EXTENSION,
  NEWS2_TOTAL_CODE,
  observationId,
  PATIENT_ID_SYSTEM,
  PROFILE,
  SINGLE_VITAL_OBSERVATIONS,
  SURVEY_CATEGORY,
  UCUM,
  VITAL_SIGNS_CATEGORY,
} from './codes.ts';
import { type FhirProvenance, fhirProvenance } from './provenance.ts';
import type { DeviceMeasures } from './repository.ts';
import type { RawQuery } from './search.ts';

/**
 * Vigil's records as FHIR R4 resources. Vital signs follow the FHIR vital-signs profiles
 * (http://hl7.org/fhir/R4/observation-vitalsigns.html) with the LOINC codes and UCUM units of the
 * vital-signs catalogue (packages/domain/src/vitals/catalogue.ts); temperatures are stored in tenths
 * of °F and exported in °C (Cel). docs/reference/clinical.md, "FHIR R4 vital signs".
 */

/** The reading columns the mapping reads. */
export interface ReadingForFhir extends VitalValues {
  id: number;
  patientId: number;
  readingTime: Date;
  createdAt: Date;
  deviceId: string | null;
  deviceName: string | null;
  connectionType: string | null;
  provenance: ReadingProvenance;
  /** The past window a wearable's summary describes (last night's sleep). */
  windowStart: Date | null;
  windowEnd: Date | null;
  /** The device link of its device for its patient (FHIR `Device/{id}`), when one is known. */
  deviceLinkId?: number | null;
  /** Who recorded it (a user id), for its Provenance. */
  recordedBy?: number | null;
  /**
   * Columns the readings gain with corrections (the lead's change of vital_readings): the reading's
   * status ('valid' | 'entered-in-error') and the reading a correction replaces. Read when present.
   */
  status?: string | null;
  corrects?: number | null;
}

/**
 * The FHIR status of a reading's Observations (http://hl7.org/fhir/R4/valueset-observation-status.html):
 * the one place that decides it. A reading entered in error stays exported, as `entered-in-error`
 * (never hidden: a receiving system must withdraw what it charted); a correction of another reading
 * is `corrected`; otherwise its provenance decides (a person's observation final, a device's or a
 * wearable's preliminary: decision 016).
 */
export function observationStatus(
  reading: Pick<ReadingForFhir, 'status' | 'corrects'>,
  provenance: Extract<FhirProvenance, { exported: true }>,
): Observation['status'] {
  if (reading.status === 'entered-in-error') return 'entered-in-error';
  if (reading.corrects !== undefined && reading.corrects !== null) return 'corrected';
  return provenance.status;
}

/**
 * A resource with its version: a digest of what it says (everything but meta), so the version (and
 * the ETag made of it) changes exactly when the resource does, whichever of its sources changed
 * (a name, a link's state, a reading's status), and is the same on every instance.
 */
export function withVersion<R extends Resource>(resource: R): R {
  const { meta, ...content } = resource;
  const versionId = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
  return { ...resource, meta: { versionId, ...meta } };
}

const quantity = (value: number, unit: string, code: string): Quantity => ({
  value,
  unit,
  system: UCUM,
  code,
});

/**
 * Every Observation a stored reading gives (one per vital it measured, blood pressure as one panel,
 * and the NEWS2 total when the reading holds every NEWS2 parameter), as its provenance allows
 * (`fhirProvenance`): none for a simulated or demo reading. `spo2Scale` is the NEWS2 SpO2 scale in
 * force when the reading was measured: the SpO2 Observation carries it, and the total is scored on it.
 */
export function observationsOfReading(reading: ReadingForFhir, spo2Scale: 1 | 2 = 1): Observation[] {
  const provenance = fhirProvenance(reading.provenance);
  if (!provenance.exported) return [];
  const base = (suffix: string, profile: string | null, code: CodeableConcept): Observation => ({
    resourceType: 'Observation',
    id: observationId(reading.id, suffix),
    meta: {
      lastUpdated: reading.createdAt.toISOString(),
      ...(profile && provenance.vitalSigns ? { profile: [profile] } : {}),
      tag: [provenance.tag],
    },
    status: observationStatus(reading, provenance),
    // A wearable's summary is not a current vital sign: it carries no vital-signs category.
    ...(provenance.vitalSigns ? { category: [VITAL_SIGNS_CATEGORY] } : {}),
    code,
    subject: { reference: `Patient/${reading.patientId}` },
    // A summary of a past window is effective over that window, not at an instant.
    ...(reading.windowStart && reading.windowEnd
      ? {
          effectivePeriod: { start: reading.windowStart.toISOString(), end: reading.windowEnd.toISOString() },
        }
      : { effectiveDateTime: reading.readingTime.toISOString() }),
    issued: reading.createdAt.toISOString(),
    ...(reading.deviceId || reading.deviceName
      ? {
          device: {
            // The linked device resolves (Device/{id}); its own id stays as the identifier.
            ...(reading.deviceLinkId ? { reference: `Device/${reading.deviceLinkId}` } : {}),
            ...(reading.deviceId
              ? { identifier: { system: DEVICE_ID_SYSTEM, value: reading.deviceId } }
              : {}),
            ...(reading.deviceName ? { display: reading.deviceName } : {}),
          },
        }
      : {}),
  });

  const observations: Observation[] = [];
  for (const vital of SINGLE_VITAL_OBSERVATIONS) {
    const stored = reading[vital.catalogue.readingField];
    if (typeof stored !== 'number') continue;
    const coding = [
      { system: LOINC, code: vital.catalogue.loinc!, display: LOINC_DISPLAY[vital.catalogue.loinc!] },
      ...vital.alsoCoded,
    ];
    observations.push({
      ...base(vital.suffix, vital.profile, { coding, text: vital.catalogue.label }),
      // SpO2 is read against the NEWS2 scale in force when it was measured.
      ...(vital.withSpo2Scale && provenance.vitalSigns ? spo2ScaleOf(spo2Scale) : {}),
      valueQuantity: quantity(vital.value(stored), vital.unit, vital.catalogue.ucum),
    });
  }

  if (BP_COMPONENTS.some((v) => typeof reading[v.readingField] === 'number')) {
    const component = (vital: (typeof BP_COMPONENTS)[number], value: number | null | undefined) => ({
      code: {
        coding: [{ system: LOINC, code: vital.loinc!, display: LOINC_DISPLAY[vital.loinc!] }],
        text: vital.label,
      },
      ...(typeof value === 'number'
        ? { valueQuantity: quantity(value, 'mmHg', vital.ucum) }
        : {
            dataAbsentReason: {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'not-performed' },
              ],
            },
          }),
    });
    observations.push({
      ...base('blood-pressure', PROFILE('bp'), { coding: [BP_PANEL], text: 'Blood pressure' }),
      component: BP_COMPONENTS.map((v) => component(v, reading[v.readingField])),
    });
  }

  // A NEWS2 total only from a complete set of observations (RCP 2017): never from a partial one,
  // and never from a wearable's summary.
  if (provenance.vitalSigns) {
    const news2 = computeNews2(news2InputFromVitals(reading, spo2Scale));
    if (news2.complete) {
      observations.push({
        ...base('news2', null, { coding: [NEWS2_TOTAL_CODE], text: 'NEWS2 total score' }),
        category: [SURVEY_CATEGORY],
        valueQuantity: { value: news2.total, unit: 'score', system: UCUM, code: '{score}' },
        note: [{ text: `SpO2 scale ${news2.spo2Scale}; ${news2.band} clinical risk` }],
      });
    }
  }
  return observations.map(withVersion);
}

/** The NEWS2 SpO2 scale on an SpO2 Observation: for a machine (the extension) and for a person (a note). */
function spo2ScaleOf(scale: 1 | 2): Pick<Observation, 'extension' | 'note'> {
  return {
    extension: [{ url: NEWS2_SPO2_SCALE_EXTENSION, valueInteger: scale }],
    note: [
      {
        text:
          scale === 2
            ? 'NEWS2 SpO2 scale 2: prescribed target 88–92 % (hypercapnic respiratory failure)'
            : 'NEWS2 SpO2 scale 1',
      },
    ],
  };
}

/**
 * Where a reading came from, as a FHIR Provenance (`Provenance/{reading id}`): its Observations
 * as targets, when it was stored, and who: the person who recorded it (author) or the device that
 * measured it (performer, `Device/{id}` when linked). Its class is in meta.tag, as on the
 * Observations. None for a reading that gives no Observation (simulated, demo).
 */
export function toFhirProvenance(reading: ReadingForFhir, spo2Scale: 1 | 2 = 1): Provenance | null {
  const provenance = fhirProvenance(reading.provenance);
  if (!provenance.exported) return null;
  const targets = observationsOfReading(reading, spo2Scale).map((o) => ({
    reference: `Observation/${o.id}`,
  }));
  if (targets.length === 0) return null;
  const participant = (code: string, display: string) => ({
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code, display }],
  });
  const byDevice = reading.provenance !== 'observation';
  const agent: Provenance['agent'] = [];
  if (byDevice && (reading.deviceLinkId || reading.deviceId)) {
    agent.push({
      type: participant('performer', 'Performer'),
      who: {
        ...(reading.deviceLinkId ? { reference: `Device/${reading.deviceLinkId}` } : {}),
        ...(reading.deviceId ? { identifier: { system: DEVICE_ID_SYSTEM, value: reading.deviceId } } : {}),
        ...(reading.deviceName ? { display: reading.deviceName } : {}),
      },
    });
  }
  if (!byDevice || agent.length === 0) {
    agent.push({
      type: participant(byDevice ? 'performer' : 'author', byDevice ? 'Performer' : 'Author'),
      who:
        reading.recordedBy !== undefined && reading.recordedBy !== null
          ? {
              identifier: { system: USER_ID_SYSTEM, value: String(reading.recordedBy) },
              display: 'Vigil user',
            }
          : { display: byDevice ? (reading.deviceName ?? 'A device') : 'A person on the ward' },
    });
  }
  return withVersion<Provenance>({
    resourceType: 'Provenance',
    id: String(reading.id),
    meta: { lastUpdated: reading.createdAt.toISOString(), tag: [provenance.tag] },
    target: targets,
    ...(reading.windowStart && reading.windowEnd
      ? { occurredPeriod: { start: reading.windowStart.toISOString(), end: reading.windowEnd.toISOString() } }
      : { occurredDateTime: reading.readingTime.toISOString() }),
    recorded: reading.createdAt.toISOString(),
    activity: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v3-DataOperation',
          code: 'CREATE',
          display: 'create',
        },
      ],
    },
    agent,
  });
}

/** Vigil's user ids (who recorded a reading), as a Provenance names them without a Practitioner. */
export const USER_ID_SYSTEM = 'urn:vigil:user-id';

/** The patient columns the mapping reads. */
export interface PatientForFhir {
  id: number;
  name: string;
  lastUpdated: Date;
}

export function toFhirPatient(patient: PatientForFhir): Patient {
  const parts = patient.name.trim().split(/\s+/);
  const family = parts.length > 1 ? parts[parts.length - 1]! : undefined;
  const given = parts.length > 1 ? parts.slice(0, -1) : parts;
  return withVersion<Patient>({
    resourceType: 'Patient',
    id: String(patient.id),
    meta: { lastUpdated: patient.lastUpdated.toISOString() },
    identifier: [
      {
        use: 'usual',
        system: PATIENT_ID_SYSTEM,
        value: String(DISPLAY_ID_OFFSET + patient.id),
        type: { text: 'Patient ID' },
      },
    ],
    active: true,
    name: [{ use: 'usual', text: patient.name, ...(family ? { family } : {}), given }],
  });
}

/** The device-link columns the mapping reads. */
export interface DeviceLinkForFhir {
  id: number;
  patientId: number;
  deviceId: string;
  deviceName: string | null;
  connectionType: string;
  simulated: boolean;
  endedAt: Date | null;
  stateChangedAt: Date;
  linkedAt: Date;
  /** What it measured last (null: nothing yet). */
  measures?: DeviceMeasures | null;
}

/**
 * A linked device: active while its link holds, its own id as identifier, its type the IEEE 11073
 * device specialization of what it measures (a pulse oximeter, a blood-pressure meter, a
 * thermometer; otherwise a generic device), and how it connects as a property.
 */
export function toFhirDevice(link: DeviceLinkForFhir): Device {
  const lastUpdated = link.endedAt ?? link.stateChangedAt;
  const type = DEVICE_TYPES[link.measures ?? 'other'];
  return withVersion<Device>({
    resourceType: 'Device',
    id: String(link.id),
    meta: { lastUpdated: lastUpdated.toISOString() },
    identifier: [{ system: DEVICE_ID_SYSTEM, value: link.deviceId }],
    status: link.endedAt ? 'inactive' : 'active',
    ...(link.deviceName ? { deviceName: [{ name: link.deviceName, type: 'user-friendly-name' }] } : {}),
    type: { coding: [type], text: type.display },
    property: [{ type: { text: 'Connection' }, valueCode: [{ text: link.connectionType }] }],
    patient: { reference: `Patient/${link.patientId}` },
  });
}

/**
 * A ward as a FHIR Group of the patients on it now (`Group/ward` today, one Group per ward when
 * Vigil has several): an actual group of persons, its version the list of its members.
 */
export function toFhirGroup(group: {
  id: string;
  name: string;
  patientIds: readonly number[];
  lastUpdated: Date;
  /** The one ward it is (its Location), or null for the patients of every ward the asker sees. */
  wardId?: number | null;
}): Group {
  return withVersion<Group>({
    resourceType: 'Group',
    id: group.id,
    meta: { lastUpdated: group.lastUpdated.toISOString() },
    identifier: [{ system: 'urn:vigil:ward', value: group.id }],
    active: true,
    type: 'person',
    actual: true,
    name: group.name,
    ...(group.wardId
      ? {
          characteristic: [
            {
              code: { text: 'On the ward' },
              valueReference: { reference: `Location/${group.wardId}`, display: group.name },
              exclude: false,
            },
          ],
        }
      : {}),
    quantity: group.patientIds.length,
    member: group.patientIds.map((id) => ({ entity: { reference: `Patient/${id}` } })),
  });
}

/** An error as FHIR answers it. */
export function operationOutcome(
  code: OperationOutcomeIssue['code'],
  diagnostics: string,
  severity: 'error' | 'fatal' | 'warning' = 'error',
): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}

/**
 * A search's answer: a searchset Bundle of `resources` with its self link and, when there is a next
 * page, the link to it (`next`: the parameters that change), all under `baseUrl`.
 */
export function toSearchBundle(
  baseUrl: string,
  path: string,
  query: RawQuery,
  resources: Resource[],
  next?: Record<string, string>,
  extra: { total?: number; included?: Resource[] } = {},
): Bundle {
  const link = (params: RawQuery) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params))
      for (const value of [v ?? []].flat()) search.append(k, value);
    const text = search.toString();
    return `${baseUrl}/${path}${text ? `?${text}` : ''}`;
  };
  const entry =
    (mode: 'match' | 'include') =>
    (resource: Resource): BundleEntry => ({
      fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode },
    });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(extra.total !== undefined ? { total: extra.total } : {}),
    link: [
      { relation: 'self', url: link(query) },
      ...(next ? [{ relation: 'next', url: link({ ...query, ...next }) }] : []),
    ],
    entry: [...resources.map(entry('match')), ...(extra.included ?? []).map(entry('include'))],
  };
}
