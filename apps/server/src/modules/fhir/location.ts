import type { Bundle, Location } from 'fhir/r4';
import { notFound } from '../../lib/errors.ts';
import { toSearchBundle } from './mappers.ts';
import { countOf, type RawQuery, referenceId, refuseUnknown, summaryOf, textOf, totalOf } from './search.ts';

/** A ward's code as an identifier of its Location (the code the hospital writes: "W7"). */
export const WARD_CODE_SYSTEM = 'urn:vigil:ward-code';
export const LOCATION_SEARCH_PARAMS = [
  '_id',
  'identifier',
  'name',
  '_count',
  '_cursor',
  '_summary',
  '_total',
] as const;

/**
 * The search parameter by which Patient and Observation searches name wards (decision 035):
 * `location=Location/1` (or `1`; a comma between Locations is "any of them", the parameter repeated
 * "all of them"). FHIR R4 keeps a patient's current location on her Encounter (`Encounter.location`);
 * Vigil records no Encounters, so this is a search parameter of its own: a Patient is on the ward
 * she lies on now, an Observation is of a patient on that ward now (where it was measured is not
 * recorded by ward).
 */
export const LOCATION_PARAM = 'location';

/** A ward as the wards repository holds it. */
export interface WardRecord {
  id: number;
  name: string;
  code: string;
  createdAt: Date;
}

/** Who asked, as far as Locations go: the wards they see (undefined: every ward). */
export interface LocationContext {
  baseUrl: string;
  wardIds?: readonly number[];
}

/**
 * A ward as a FHIR Location: an instance of a hospital unit (HL7 v3 RoleCode HU), physically a ward
 * (location-physical-type `wa`). Wards are neither renamed nor closed, so each has one version.
 */
export function toFhirLocation(ward: WardRecord): Location {
  return {
    resourceType: 'Location',
    id: String(ward.id),
    meta: { versionId: '1', lastUpdated: ward.createdAt.toISOString() },
    identifier: [{ system: WARD_CODE_SYSTEM, value: ward.code }],
    status: 'active',
    name: ward.name,
    mode: 'instance',
    type: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
            code: 'HU',
            display: 'Hospital unit',
          },
        ],
      },
    ],
    physicalType: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
          code: 'wa',
          display: 'Ward',
        },
      ],
    },
  };
}

/**
 * The wards a `location` parameter names, or undefined without one: each value any of its
 * comma-separated Locations, repeated values all of them (so, repeated with different wards, none).
 */
export function locationsOf(query: RawQuery): number[] | undefined {
  const values = [query[LOCATION_PARAM] ?? []].flat();
  if (values.length === 0) return undefined;
  const sets = values.map((value) =>
    value.split(',').map((v) => referenceId(v.trim(), 'Location', LOCATION_PARAM)),
  );
  return sets.reduce((a, b) => a.filter((id) => b.includes(id)));
}

/**
 * The ward condition of a Patient or Observation search: the wards its `location` names that the
 * asker sees (another ward's Location is as unknown as one that does not exist: it matches nobody),
 * else the asker's wards; none when neither narrows it (the hospital-wide, a SMART system client).
 */
export function searchWardsOf(
  query: RawQuery,
  seen: readonly number[] | undefined,
): { wardIds?: readonly number[] } {
  const asked = locationsOf(query);
  if (asked === undefined) return seen ? { wardIds: seen } : {};
  return { wardIds: seen ? asked.filter((id) => seen.includes(id)) : asked };
}

/**
 * Location read and search over the hospital's wards (decision 035). A person of some wards sees
 * their wards' Locations only: another's read is 404, as for a ward that does not exist. Names and
 * codes only (no patient's data), so nothing is audited.
 */
export function createLocationService(deps: { wards: () => Promise<WardRecord[]> }) {
  const visible = async (context: LocationContext) =>
    (await deps.wards()).filter((w) => !context.wardIds || context.wardIds.includes(w.id));

  return {
    async readLocation(id: number, context: LocationContext): Promise<Location> {
      const ward = (await visible(context)).find((w) => w.id === id);
      if (!ward) throw notFound(`Location/${id} is not known`);
      return toFhirLocation(ward);
    },

    async searchLocations(query: RawQuery, context: LocationContext): Promise<Bundle> {
      refuseUnknown(query, LOCATION_SEARCH_PARAMS);
      const count = countOf(query, 100);
      // Each parameter narrows the wards (repeated: all of its values), a comma within one is "any of".
      const ids = [query._id ?? []]
        .flat()
        .map((value) => value.split(',').map((v) => referenceId(v.trim(), 'Location', '_id')));
      const codes = [query.identifier ?? []].flat().map((value) =>
        value.split(',').flatMap((token) => {
          const bar = token.indexOf('|');
          const system = bar < 0 ? undefined : token.slice(0, bar);
          if (system !== undefined && system !== '' && system !== WARD_CODE_SYSTEM) return [];
          return [(bar < 0 ? token : token.slice(bar + 1)).trim().toUpperCase()];
        }),
      );
      const name = textOf(query, 'name')?.toLowerCase();
      // FHIR string search: the name, or a word of it, starts with the text (any case).
      const named = (ward: WardRecord) =>
        !name ||
        ward.name.toLowerCase().startsWith(name) ||
        ward.name
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(name));
      const matches = (await visible(context)).filter(
        (w) =>
          ids.every((set) => set.includes(w.id)) && codes.every((set) => set.includes(w.code)) && named(w),
      );
      if (summaryOf(query) === 'count') {
        return { resourceType: 'Bundle', type: 'searchset', total: matches.length };
      }
      // In id order, `_count` at a time, from the cursor of a next link.
      const cursor = [query._cursor ?? []].flat()[0];
      const afterId = cursor === undefined ? 0 : referenceId(cursor, 'Location', '_cursor');
      const after = matches.filter((w) => w.id > afterId);
      const page = after.slice(0, count);
      const whole = afterId === 0 && after.length <= count;
      return toSearchBundle(
        context.baseUrl,
        'Location',
        query,
        page.map(toFhirLocation),
        after.length > count ? { _cursor: String(page[page.length - 1]!.id) } : undefined,
        whole || totalOf(query) ? { total: matches.length } : {},
      );
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
