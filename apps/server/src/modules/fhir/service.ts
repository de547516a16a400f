import { DISPLAY_ID_OFFSET, type SmartResourceType } from '@vigil/domain';
import type { Bundle, Device, Group, Observation, Patient, Provenance, Resource } from 'fhir/r4';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { OBSERVATION_SUFFIXES, PATIENT_ID_SYSTEM } from './codes.ts';
import { LOCATION_PARAM, searchWardsOf } from './location.ts';
import {
  observationsOfReading,
  toFhirDevice,
  toFhirGroup,
  toFhirPatient,
  toFhirProvenance,
  toSearchBundle,
} from './mappers.ts';
import { createReadingPages, spo2ScaleOf } from './pages.ts';
import type { FhirRepository, PatientFilter, ReadingFilter } from './repository.ts';
import {
  categoriesOf,
  countOf,
  cursorOf,
  dateBoundsOf,
  elementsOf,
  encodeCursor,
  includesPatient,
  invalidSearch,
  observationKindsOf,
  patientOf,
  type RawQuery,
  referenceId,
  refuseUnknown,
  sortOf,
  statusesOf,
  subset,
  summaryOf,
  textOf,
  totalOf,
} from './search.ts';

const PAGING = ['_count', '_cursor', '_total', '_summary', '_elements', '_lastUpdated'] as const;
export const PATIENT_SEARCH_PARAMS = [
  '_id',
  'identifier',
  'name',
  'family',
  'given',
  'birthdate',
  'gender',
  LOCATION_PARAM,
  ...PAGING,
] as const;
export const OBSERVATION_SEARCH_PARAMS = [
  'patient',
  'subject',
  'category',
  'code',
  'component-code',
  'status',
  'date',
  '_sort',
  '_include',
  LOCATION_PARAM,
  ...PAGING,
] as const;
export const DEVICE_SEARCH_PARAMS = ['_id', 'patient', 'identifier', ...PAGING] as const;
export const GROUP_SEARCH_PARAMS = ['_id', '_count', '_summary', '_total'] as const;
export const EVERYTHING_PARAMS = ['_count', '_cursor', '_since', '_type', 'start', 'end'] as const;
/** What Patient/$everything can send, in its order: the patient, their devices, observations, provenance. */
export const EVERYTHING_TYPES = ['Patient', 'Device', 'Observation', 'Provenance'] as const;

/**
 * The wards as Groups (decisions 031, 035): `Group/ward` holds every patient the asker sees (all of
 * a one-ward hospital's), `Group/ward-{id}` one ward's, the Group of its `Location/{id}`.
 */
export const WARD_GROUP_ID = 'ward';
const ONE_WARD_GROUP = /^ward-([1-9]\d{0,8})$/;
/** The Group of one ward. */
export const wardGroupId = (wardId: number) => `${WARD_GROUP_ID}-${wardId}`;

/** Where a search was asked (to write its self and next links), who asked, and what they may see. */
export interface SearchContext {
  baseUrl: string;
  actor: AuditActor;
  /** The resource types a SMART token allows reading; undefined for a person (patients:read: all). */
  allowedTypes?: readonly SmartResourceType[];
  /**
   * The wards whose patients a person sees (decision 035); undefined for the hospital-wide and for a
   * SMART system client. Another ward's patient is as unknown as one that does not exist.
   */
  wardIds?: readonly number[];
}

/** The ward condition of a filter for whoever asked. */
const wardsOf = (context: SearchContext) => (context.wardIds ? { wardIds: context.wardIds } : {});

/** The patient ids a page of resources is about (for the audit: one read row per patient). */
function patientsOf(resources: Resource[]): number[] {
  const ids = new Set<number>();
  for (const resource of resources) {
    const reference =
      resource.resourceType === 'Patient'
        ? `Patient/${resource.id}`
        : ((resource as Observation).subject?.reference ?? (resource as Device).patient?.reference);
    const id = Number(reference?.split('/')[1]);
    if (Number.isSafeInteger(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * The FHIR R4 read API over Vigil's records: Patient, Observation (vital signs and NEWS2 totals
 * derived from the stored readings), Device (linked devices), Provenance (where a reading came
 * from) and Group (the ward). Every answer is at most one page, and every patient whose data it
 * sends is audited as read (once per reader, patient and opening window).
 */
export function createFhirService(deps: {
  repo: FhirRepository;
  audit: AuditService;
  openingWindowMs: number;
  /** The hospital's wards (their Groups' names). */
  wards: () => Promise<readonly { id: number; name: string }[]>;
}) {
  const { repo, audit } = deps;

  /** One read row per patient an answer holds, bounded by the page (decision 031). */
  async function auditPatients(
    context: SearchContext,
    entityType: string,
    patientIds: readonly number[],
    detail: string,
  ) {
    for (const patientId of new Set(patientIds)) {
      await audit.recordRead(
        { actor: context.actor, action: 'read', entityType, entityId: patientId, patientId, detail },
        deps.openingWindowMs,
      );
    }
  }

  async function patientOrNotFound(id: number) {
    const patient = await repo.patient(id);
    if (!patient) throw notFound(`Patient/${id} is not known`, 'NOT_FOUND');
    return patient;
  }
  /** Whether the asker sees this patient's ward (a person of some wards only; decision 035). */
  async function seesPatient(context: SearchContext, patientId: number): Promise<boolean> {
    if (!context.wardIds) return true;
    return (await repo.patients({ ids: [patientId], wardIds: context.wardIds, limit: 1 })).length > 0;
  }
  const { observationPage, provenancePage } = createReadingPages(repo);

  /** What a SMART token may read of `types` (a person with patients:read reads all). */
  const allowed = <T extends string>(context: SearchContext, types: readonly T[]): T[] =>
    types.filter((t) => !context.allowedTypes || (context.allowedTypes as readonly string[]).includes(t));

  /** A search's Bundle: `_summary=count`, `_total=accurate` and `_elements` applied. */
  async function searchset(
    context: SearchContext,
    path: string,
    query: RawQuery,
    page: { resources: Resource[]; next?: Record<string, string>; included?: Resource[] },
    count: () => Promise<number>,
  ): Promise<Bundle> {
    const summary = summaryOf(query);
    if (summary === 'count') {
      return { resourceType: 'Bundle', type: 'searchset', total: await count() };
    }
    const elements = elementsOf(query);
    // A first page that holds every match knows its total without counting.
    const whole = !page.next && query._cursor === undefined;
    const total = totalOf(query) ? await count() : whole ? page.resources.length : undefined;
    const shaped = elements ? page.resources.map((r) => subset(r, elements)) : page.resources;
    return toSearchBundle(context.baseUrl, path, query, shaped, page.next, {
      ...(total !== undefined ? { total } : {}),
      ...(page.included ? { included: page.included } : {}),
    });
  }

  /** The filter of a Patient search, or null when it can match nobody. */
  function patientFilterOf(query: RawQuery): PatientFilter | null {
    // Each of _id and identifier narrows the patients to those it names.
    const sets: number[][] = [];
    for (const value of [query._id ?? []].flat()) {
      sets.push(value.split(',').map((v) => referenceId(v, 'Patient', '_id')));
    }
    for (const value of [query.identifier ?? []].flat()) {
      sets.push(
        value.split(',').flatMap((token) => {
          const bar = token.indexOf('|');
          const system = bar < 0 ? undefined : token.slice(0, bar);
          const shown = bar < 0 ? token : token.slice(bar + 1);
          if (system !== undefined && system !== '' && system !== PATIENT_ID_SYSTEM) return [];
          const id = /^\d{9,10}$/.test(shown) ? Number(shown) - DISPLAY_ID_OFFSET : 0;
          return id > 0 && id <= 2_147_483_647 ? [id] : [];
        }),
      );
    }
    // Vigil records neither a birth date nor a gender: a search by either matches no patient.
    if (query.birthdate !== undefined || query.gender !== undefined) return null;
    const ids = sets.length > 0 ? sets.reduce((a, b) => a.filter((id) => b.includes(id))) : undefined;
    const name = textOf(query, 'name');
    const family = textOf(query, 'family');
    const given = textOf(query, 'given');
    const updated = dateBoundsOf(query, '_lastUpdated');
    return {
      ...(ids ? { ids } : {}),
      ...(name ? { name } : {}),
      ...(family ? { family } : {}),
      ...(given ? { given } : {}),
      ...(updated.from ? { since: updated.from } : {}),
      ...(updated.to ? { before: updated.to } : {}),
    };
  }

  /**
   * A Group's members: `Group/ward`, the patients on the wards the asker sees (every ward's for the
   * hospital-wide); `Group/ward-{id}`, that ward's, 404 for a ward the asker does not see (as one
   * that does not exist) and for any other id.
   */
  async function groupOf(id: string, wardIds?: readonly number[]) {
    return (await groupsOf([id], wardIds, true))[0]!;
  }

  /**
   * Several Groups at once, from one read of the wards and of the patients (a search lists every
   * ward's); `strict`: an id not known (or another ward's) is 404, else it is left out.
   */
  async function groupsOf(ids: readonly string[], wardIds: readonly number[] | undefined, strict: boolean) {
    const wards = await deps.wards();
    const known = ids.flatMap((id) => {
      const one = ONE_WARD_GROUP.exec(id);
      const ward = one ? wards.find((w) => w.id === Number(one[1])) : undefined;
      if (id === WARD_GROUP_ID || (ward && (!wardIds || wardIds.includes(ward.id)))) return [{ id, ward }];
      if (strict) {
        throw notFound(
          `Group/${id} is not known; the wards are Group/${WARD_GROUP_ID} and Group/${WARD_GROUP_ID}-{id} for each ward's Location/{id}`,
        );
      }
      return [];
    });
    const all = await repo.wardPatientIds();
    const seen = await repo.patients({ ids: all, ...(wardIds ? { wardIds } : {}), limit: all.length || 1 });
    const lastUpdated = await repo.patientsLastUpdated();
    return known.map(({ id, ward }) => ({
      id,
      name: ward ? ward.name : 'Ward',
      patientIds: seen.filter((p) => !ward || p.wardId === ward.id).map((p) => p.id),
      lastUpdated,
      wardId: ward?.id ?? null,
    }));
  }

  return {
    observationPage,
    provenancePage,
    groupOf,

    async readPatient(id: number, context: SearchContext): Promise<Patient> {
      const patient = await patientOrNotFound(id);
      await auditPatients(context, 'Patient', [id], 'FHIR read');
      return toFhirPatient(patient);
    },

    async searchPatients(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, PATIENT_SEARCH_PARAMS);
      const count = countOf(query, 50);
      const asked = patientFilterOf(query);
      // The wards it names (`location`) that the asker sees, else the asker's (decision 035).
      const filter = asked && { ...asked, ...searchWardsOf(query, context.wardIds) };
      const cursor = [query._cursor ?? []].flat()[0];
      const afterId = cursor === undefined ? undefined : referenceId(cursor, 'Patient', '_cursor');
      const rows = filter
        ? await repo.patients({ ...filter, ...(afterId ? { afterId } : {}), limit: count + 1 })
        : [];
      const page = rows.slice(0, count);
      const bundle = await searchset(
        context,
        'Patient',
        query,
        {
          resources: page.map(toFhirPatient),
          ...(rows.length > count ? { next: { _cursor: String(page[page.length - 1]!.id) } } : {}),
        },
        async () => (filter ? repo.countPatients(filter) : 0),
      );
      await auditPatients(
        context,
        'Patient',
        page.map((p) => p.id),
        'FHIR search',
      );
      return bundle;
    },

    async readObservation(id: string, context: SearchContext): Promise<Observation> {
      if (id.startsWith('$')) {
        throw notFound(
          `Observation/${id} is not supported by this server${id === '$lastn' ? ': search Observation?patient=…&code=…&_sort=-date&_count=1' : ''}`,
          'NOT_SUPPORTED',
        );
      }
      const match = /^(\d{1,10})-([a-z0-9-]+)$/.exec(id);
      const suffix = match?.[2];
      const readingId = match ? Number(match[1]) : 0;
      if (
        !match ||
        !(OBSERVATION_SUFFIXES as readonly string[]).includes(suffix!) ||
        readingId > 2_147_483_647
      ) {
        throw notFound(`Observation/${id} is not known`);
      }
      const row = await repo.reading(readingId);
      const observation = row && observationsOfReading(row, spo2ScaleOf(row)).find((o) => o.id === id);
      if (!row || !observation || !(await seesPatient(context, row.patientId))) {
        throw notFound(`Observation/${id} is not known`);
      }
      await auditPatients(context, 'Observation', [row.patientId], 'FHIR read');
      return observation;
    },

    async searchObservations(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, OBSERVATION_SEARCH_PARAMS);
      const patientId = patientOf(query);
      const count = countOf(query, 50);
      const order = sortOf(query);
      const { from, to } = dateBoundsOf(query);
      const updated = dateBoundsOf(query, '_lastUpdated');
      const statuses = statusesOf(query);
      const include = includesPatient(query, 'Observation');
      if (include && context.allowedTypes && !context.allowedTypes.includes('Patient')) {
        throw forbidden('_include=Observation:patient needs system/Patient.rs', 'SCOPE_NOT_GRANTED');
      }
      const filter: ReadingFilter = {
        kinds: observationKindsOf(query),
        categories: categoriesOf(query),
        ...(statuses ? { statuses } : {}),
        ...(patientId !== undefined ? { patientId } : {}),
        ...searchWardsOf(query, context.wardIds),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(updated.from ? { storedSince: updated.from } : {}),
        ...(updated.to ? { storedBefore: updated.to } : {}),
      };
      // An unknown patient has no observations: an empty searchset, as for any filter matching none.
      const summary = summaryOf(query);
      const { observations, next } =
        summary === 'count'
          ? { observations: [], next: undefined }
          : await observationPage(filter, order, cursorOf(query), count);
      const subjects = patientsOf(observations);
      const included = include
        ? (await repo.patients({ ids: subjects, limit: subjects.length || 1 })).map(toFhirPatient)
        : undefined;
      const bundle = await searchset(
        context,
        'Observation',
        query,
        {
          resources: observations,
          ...(next ? { next: { _cursor: encodeCursor(next) } } : {}),
          ...(included ? { included } : {}),
        },
        () => repo.countObservations(filter),
      );
      await auditPatients(context, 'Observation', subjects, 'FHIR search');
      if (included) await auditPatients(context, 'Patient', subjects, 'FHIR search (_include)');
      return bundle;
    },

    async readDevice(id: number, context: SearchContext): Promise<Device> {
      const [link] = await repo.devices({ id, ...wardsOf(context) });
      if (!link) throw notFound(`Device/${id} is not known`);
      await auditPatients(context, 'Device', [link.patientId], 'FHIR read');
      return toFhirDevice(link);
    },

    async searchDevices(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, DEVICE_SEARCH_PARAMS);
      const patientId = patientOf(query);
      const count = countOf(query, 100);
      const ids = [query._id ?? []]
        .flat()
        .flatMap((v) => v.split(',').map((id) => referenceId(id, 'Device', '_id')));
      const deviceIds = [query.identifier ?? []].flat().flatMap((value) =>
        value.split(',').flatMap((token) => {
          const bar = token.indexOf('|');
          const system = bar < 0 ? undefined : token.slice(0, bar);
          if (system !== undefined && system !== '' && system !== 'urn:vigil:device-id') return [];
          return [bar < 0 ? token : token.slice(bar + 1)];
        }),
      );
      if (ids.length > 1) throw invalidSearch('_id may name one device');
      const cursor = [query._cursor ?? []].flat()[0];
      const afterId = cursor === undefined ? undefined : referenceId(cursor, 'Device', '_cursor');
      const updated = dateBoundsOf(query, '_lastUpdated');
      const filter = {
        ...(ids[0] !== undefined ? { id: ids[0] } : {}),
        ...(patientId !== undefined ? { patientId } : {}),
        ...(query.identifier !== undefined ? { deviceIds } : {}),
        ...(updated.from ? { since: updated.from } : {}),
        ...wardsOf(context),
      };
      const links = await repo.devices({ ...filter, ...(afterId ? { afterId } : {}), limit: count + 1 });
      const page = links.slice(0, count);
      const bundle = await searchset(
        context,
        'Device',
        query,
        {
          resources: page.map(toFhirDevice),
          ...(links.length > count ? { next: { _cursor: String(page[page.length - 1]!.id) } } : {}),
        },
        async () => (await repo.devices(filter)).length,
      );
      await auditPatients(
        context,
        'Device',
        page.map((l) => l.patientId),
        'FHIR search',
      );
      return bundle;
    },

    async readProvenance(id: number, context: SearchContext): Promise<Provenance> {
      const row = await repo.reading(id);
      const provenance = row && toFhirProvenance(row, spo2ScaleOf(row));
      if (!row || !provenance || !(await seesPatient(context, row.patientId))) {
        throw notFound(`Provenance/${id} is not known`);
      }
      await auditPatients(context, 'Provenance', [row.patientId], 'FHIR read');
      return provenance;
    },

    async readGroup(id: string, context: SearchContext): Promise<Group> {
      const group = await groupOf(id, context.wardIds);
      await auditPatients(context, 'Group', group.patientIds, `FHIR read of Group/${group.id}`);
      return toFhirGroup(group);
    },

    async searchGroups(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, GROUP_SEARCH_PARAMS);
      countOf(query, 50);
      const ids = [query._id ?? []].flat().flatMap((v) => v.split(','));
      // Group/ward, then each ward the asker sees; `_id` picks among them.
      const wards = await deps.wards();
      const candidates = [WARD_GROUP_ID, ...wards.map((w) => wardGroupId(w.id))].filter(
        (id) => ids.length === 0 || ids.includes(id),
      );
      const groups = await groupsOf(candidates, context.wardIds, false);
      const resources = groups.map(toFhirGroup);
      const bundle = await searchset(context, 'Group', query, { resources }, async () => resources.length);
      for (const group of groups) {
        await auditPatients(context, 'Group', group.patientIds, `FHIR search of Group/${group.id}`);
      }
      return bundle;
    },

    /**
     * Patient/$everything, one page at a time: the first page holds the patient and their devices,
     * then every page at most `_count` Observations (and their Provenance) from a cursor, with a
     * next link while there are more. `_since` (stored at or after; the Patient always comes),
     * `start`/`end` (when measured), `_type`, and what a SMART token allows narrow it.
     */
    async everything(id: number, query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, EVERYTHING_PARAMS);
      const count = countOf(query, 200);
      const asked = [query._type ?? []]
        .flat()
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean);
      for (const type of asked) {
        if (!(EVERYTHING_TYPES as readonly string[]).includes(type)) {
          throw invalidSearch(
            `_type ${type} is not in $everything here; it holds ${EVERYTHING_TYPES.join(', ')}`,
          );
        }
      }
      const types = allowed(
        context,
        EVERYTHING_TYPES.filter((t) => asked.length === 0 || asked.includes(t)),
      );
      if (types.length === 0) {
        throw forbidden(
          `The access token was granted none of ${(asked.length ? asked : EVERYTHING_TYPES).map((t) => `system/${t}.rs`).join(', ')}`,
          'SCOPE_NOT_GRANTED',
        );
      }
      const patient = await patientOrNotFound(id);
      const since = [query._since ?? []].flat();
      if (since.length > 1) throw invalidSearch('_since may be given once');
      const storedSince = since[0] === undefined ? undefined : dateBoundsOf({ date: `ge${since[0]}` }).from;
      const start = [query.start ?? []].flat();
      const end = [query.end ?? []].flat();
      if (start.length > 1 || end.length > 1) throw invalidSearch('start and end may each be given once');
      const measured = dateBoundsOf({
        date: [...(start[0] ? [`ge${start[0]}`] : []), ...(end[0] ? [`le${end[0]}`] : [])],
      });
      const filter: ReadingFilter = {
        patientId: id,
        kinds: new Set(OBSERVATION_SUFFIXES),
        ...(storedSince ? { storedSince } : {}),
        ...(measured.from ? { from: measured.from } : {}),
        ...(measured.to ? { to: measured.to } : {}),
      };
      const cursorText = [query._cursor ?? []].flat()[0];
      // The cursor says which part it is in: observations (o…), then provenance (p…).
      const part = cursorText?.[0];
      if (cursorText !== undefined && part !== 'o' && part !== 'p') {
        throw invalidSearch('_cursor must be taken from a next link of this server');
      }
      const cursor =
        cursorText !== undefined && cursorText.length > 1
          ? cursorOf({ _cursor: cursorText.slice(1) })
          : undefined;
      const resources: Resource[] = [];
      if (cursorText === undefined) {
        if (types.includes('Patient')) resources.push(toFhirPatient(patient));
        if (types.includes('Device')) {
          const devices = await repo.devices({
            patientId: id,
            ...(storedSince ? { since: storedSince } : {}),
            limit: 1000,
          });
          resources.push(...devices.map(toFhirDevice));
        }
      }
      let next: string | undefined;
      if (types.includes('Observation') && part !== 'p') {
        const page = await observationPage(filter, 'asc', cursor, count);
        resources.push(...page.observations);
        if (page.next) next = `o${encodeCursor(page.next)}`;
        // Provenance follows, for the same readings: there is some if there was any Observation.
        else if (types.includes('Provenance') && (page.observations.length > 0 || cursor)) next = 'p';
      } else if (types.includes('Provenance') && (part === 'p' || cursorText === undefined)) {
        const page = await provenancePage(filter, part === 'p' ? cursor : undefined, count);
        resources.push(...page.provenance);
        if (page.next) next = `p${encodeCursor(page.next)}`;
      }
      await auditPatients(context, 'Patient', [id], 'FHIR $everything');
      return toSearchBundle(
        context.baseUrl,
        `Patient/${id}/$everything`,
        query,
        resources,
        next ? { _cursor: next } : undefined,
      );
    },
  };
}

export type FhirService = ReturnType<typeof createFhirService>;
