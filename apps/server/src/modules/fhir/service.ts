import { DISPLAY_ID_OFFSET } from '@vigil/domain';
import type { Bundle, Device, Observation, Patient } from 'fhir/r4';
import { notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { OBSERVATION_SUFFIXES, PATIENT_ID_SYSTEM } from './codes.ts';
import { observationsOfReading, toFhirDevice, toFhirPatient, toSearchBundle } from './mappers.ts';
import type { FhirReadingRow, FhirRepository, ReadingFilter } from './repository.ts';
import {
  categoriesOf,
  countOf,
  cursorOf,
  dateBoundsOf,
  encodeCursor,
  invalidSearch,
  type ObservationCursor,
  observationKindsOf,
  patientOf,
  type RawQuery,
  referenceId,
  refuseUnknown,
  type SortOrder,
  sortOf,
} from './search.ts';

export const PATIENT_SEARCH_PARAMS = ['_id', 'identifier', 'name', '_count', '_cursor'] as const;
export const OBSERVATION_SEARCH_PARAMS = [
  'patient',
  'subject',
  'category',
  'code',
  'date',
  '_count',
  '_sort',
  '_cursor',
] as const;
export const DEVICE_SEARCH_PARAMS = ['patient', '_count'] as const;

/** Where a search was asked (to write its self and next links) and who asked (for the audit). */
export interface SearchContext {
  baseUrl: string;
  actor: AuditActor;
}

const spo2ScaleOf = (row: FhirReadingRow): 1 | 2 => (row.spo2Scale === 2 ? 2 : 1);

/** The Observations of readings in order, from a cursor, skipping kinds not asked for. */
function flatten(rows: FhirReadingRow[], filter: ReadingFilter, cursor?: ObservationCursor) {
  const out: { observation: Observation; row: FhirReadingRow; index: number }[] = [];
  const inCategories = (o: Observation) =>
    (filter.categories ?? []).every((alternatives) =>
      o.category?.some((c) => c.coding?.some((k) => alternatives.includes(k.code ?? ''))),
    );
  for (const row of rows) {
    const observations = observationsOfReading(row, spo2ScaleOf(row)).filter(
      (o) => filter.kinds.has(o.id!.slice(String(row.id).length + 1)) && inCategories(o),
    );
    observations.forEach((observation, index) => {
      if (cursor && row.id === cursor.readingId && index < cursor.skip) return;
      out.push({ observation, row, index });
    });
  }
  return out;
}

/**
 * The FHIR R4 read API over Vigil's records: Patient, Observation (vital signs and NEWS2 totals
 * derived from the stored readings) and Device (linked devices). Every read is audited like the
 * app's own: a patient's record once per opening window, a search across patients as one row.
 */
export function createFhirService(deps: {
  repo: FhirRepository;
  audit: AuditService;
  openingWindowMs: number;
}) {
  const { repo, audit } = deps;

  async function auditRead(
    context: SearchContext,
    entityType: string,
    patientId: number | null,
    detail: string,
  ) {
    if (patientId !== null) {
      await audit.recordRead(
        { actor: context.actor, action: 'read', entityType, entityId: patientId, patientId, detail },
        deps.openingWindowMs,
      );
    } else {
      await audit.record({ actor: context.actor, action: 'read', entityType, detail });
    }
  }

  async function patientOrNotFound(id: number) {
    const patient = await repo.patient(id);
    if (!patient) throw notFound(`Patient/${id} is not known`, 'NOT_FOUND');
    return patient;
  }

  /** Observations of the filter, one page: at most `count`, and the cursor of the next page. */
  async function observationPage(
    filter: ReadingFilter,
    order: SortOrder,
    cursor: ObservationCursor | undefined,
    count: number,
  ): Promise<{ observations: Observation[]; next?: ObservationCursor }> {
    const taken: ReturnType<typeof flatten> = [];
    let from = cursor;
    // A reading may give no Observation of the kinds asked (a simulated one gives none): read on.
    for (;;) {
      const batch = Math.max(count + 1, 50);
      const rows = await repo.readings(filter, order, from, batch);
      const flat = flatten(rows, filter, from);
      taken.push(...flat);
      if (taken.length > count || rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      // Past the last reading read: a cursor that skips all of its Observations.
      from = { time: last.readingTime.getTime(), readingId: last.id, skip: 99 };
    }
    const page = taken.slice(0, count);
    const following = taken[count];
    return {
      observations: page.map((t) => t.observation),
      ...(following
        ? {
            next: {
              time: following.row.readingTime.getTime(),
              readingId: following.row.id,
              skip: following.index,
            },
          }
        : {}),
    };
  }

  return {
    async readPatient(id: number, context: SearchContext): Promise<Patient> {
      const patient = await patientOrNotFound(id);
      await auditRead(context, 'Patient', id, 'FHIR read');
      return toFhirPatient(patient);
    },

    async searchPatients(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, PATIENT_SEARCH_PARAMS);
      const count = countOf(query, 50);
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
      const ids = sets.length > 0 ? sets.reduce((a, b) => a.filter((id) => b.includes(id))) : undefined;
      const names = [query.name ?? []].flat();
      if (names.length > 1) throw invalidSearch('name may be given once');
      const cursor = [query._cursor ?? []].flat()[0];
      const afterId = cursor === undefined ? undefined : referenceId(cursor, 'Patient', '_cursor');
      const rows = await repo.patients({
        ...(ids ? { ids } : {}),
        ...(names[0] ? { name: names[0] } : {}),
        ...(afterId ? { afterId } : {}),
        limit: count + 1,
      });
      const page = rows.slice(0, count);
      await auditRead(
        context,
        'Patient',
        page.length === 1 ? page[0]!.id : null,
        `FHIR search: ${page.length} patient${page.length === 1 ? '' : 's'}`,
      );
      return toSearchBundle(
        context.baseUrl,
        'Patient',
        query,
        page.map(toFhirPatient),
        rows.length > count ? { _cursor: String(page[page.length - 1]!.id) } : undefined,
      );
    },

    async readObservation(id: string, context: SearchContext): Promise<Observation> {
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
      if (!row || !observation) throw notFound(`Observation/${id} is not known`);
      await auditRead(context, 'Observation', row.patientId, 'FHIR read');
      return observation;
    },

    async searchObservations(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, OBSERVATION_SEARCH_PARAMS);
      const patientId = patientOf(query);
      if (patientId !== undefined) await patientOrNotFound(patientId);
      const count = countOf(query, 50);
      const order = sortOf(query);
      const { from, to } = dateBoundsOf(query);
      const filter: ReadingFilter = {
        kinds: observationKindsOf(query),
        categories: categoriesOf(query),
        ...(patientId !== undefined ? { patientId } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      };
      const { observations, next } = await observationPage(filter, order, cursorOf(query), count);
      await auditRead(
        context,
        'Observation',
        patientId ?? null,
        `FHIR search: ${observations.length} observation${observations.length === 1 ? '' : 's'}`,
      );
      return toSearchBundle(
        context.baseUrl,
        'Observation',
        query,
        observations,
        next ? { _cursor: encodeCursor(next) } : undefined,
      );
    },

    async readDevice(id: number, context: SearchContext): Promise<Device> {
      const [link] = await repo.devices({ id });
      if (!link) throw notFound(`Device/${id} is not known`);
      await auditRead(context, 'Device', link.patientId, 'FHIR read');
      return toFhirDevice(link);
    },

    async searchDevices(query: RawQuery, context: SearchContext): Promise<Bundle> {
      refuseUnknown(query, DEVICE_SEARCH_PARAMS);
      const patientId = patientOf(query);
      const count = countOf(query, 1000);
      const links = (await repo.devices(patientId !== undefined ? { patientId } : {})).slice(0, count);
      await auditRead(context, 'Device', patientId ?? null, `FHIR search: ${links.length} devices`);
      return toSearchBundle(context.baseUrl, 'Device', query, links.map(toFhirDevice));
    },

    /** Patient/$everything: the patient, their devices and every Observation of theirs. */
    async everything(id: number, context: SearchContext): Promise<Bundle> {
      const patient = await patientOrNotFound(id);
      const devices = await repo.devices({ patientId: id });
      const observations: Observation[] = [];
      const filter: ReadingFilter = { patientId: id, kinds: new Set(OBSERVATION_SUFFIXES) };
      let cursor: ObservationCursor | undefined;
      do {
        const page = await observationPage(filter, 'asc', cursor, 1000);
        observations.push(...page.observations);
        cursor = page.next;
      } while (cursor);
      await auditRead(context, 'Patient', id, `FHIR $everything: ${observations.length} observations`);
      const result = toSearchBundle(context.baseUrl, `Patient/${id}/$everything`, {}, [
        toFhirPatient(patient),
        ...devices.map(toFhirDevice),
        ...observations,
      ]);
      return result;
    },

    /** Every exportable Observation of the filter, in time order (a Bulk Data export). */
    async *allObservations(filter: ReadingFilter): AsyncGenerator<Observation> {
      let cursor: ObservationCursor | undefined;
      do {
        const page = await observationPage(filter, 'asc', cursor, 1000);
        yield* page.observations;
        cursor = page.next;
      } while (cursor);
    },
  };
}

export type FhirService = ReturnType<typeof createFhirService>;
