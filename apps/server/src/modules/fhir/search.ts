import { AppError } from '../../lib/errors.ts';
import { BP_COMPONENT_CODES, CODES_OF_SUFFIX, LOINC, OBSERVATION_CATEGORY, SNOMED } from './codes.ts';

/**
 * FHIR search parameters as Vigil supports them (http://hl7.org/fhir/R4/search.html). Anything
 * else is refused with a 400 naming it, rather than ignored: a client that filters by a parameter
 * we do not know must not receive unfiltered data as if it were filtered.
 */

/** A query string as Fastify gives it: repeated parameters as arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

export const invalidSearch = (message: string) => new AppError(400, 'INVALID_SEARCH', message);

const all = (query: RawQuery, name: string): string[] => [query[name] ?? []].flat();
const one = (query: RawQuery, name: string): string | undefined => {
  const values = all(query, name);
  if (values.length > 1) throw invalidSearch(`${name} may be given once`);
  return values[0];
};

/** Parameters every interaction takes: the format (JSON only; outcome.ts refuses XML) and pretty printing. */
const GENERAL = ['_format', '_pretty'];

export function refuseUnknown(query: RawQuery, known: readonly string[]) {
  const unknown = Object.keys(query).filter((name) => !known.includes(name) && !GENERAL.includes(name));
  if (unknown.length > 0) {
    throw invalidSearch(
      `Unsupported search parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; this server supports ${known.join(', ')}`,
    );
  }
}

export const MAX_COUNT = 1000;
export function countOf(query: RawQuery, fallback: number): number {
  const text = one(query, '_count');
  if (text === undefined) return fallback;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > MAX_COUNT) {
    throw invalidSearch(`_count must be a whole number from 1 to ${MAX_COUNT}`);
  }
  return count;
}

/** A record id from `123` or `Patient/123`. */
export function referenceId(value: string, type: string, name: string): number {
  const match = new RegExp(`^(?:${type}/)?(\\d{1,10})$`).exec(value);
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw invalidSearch(`${name} must be a ${type} id such as ${type}/1`);
  }
  return id;
}

export function patientOf(query: RawQuery): number | undefined {
  const values = [...all(query, 'patient'), ...all(query, 'subject')];
  if (values.length > 1) throw invalidSearch('Give patient (or subject) once');
  return values[0] === undefined ? undefined : referenceId(values[0], 'Patient', 'patient');
}

/** An instant range: readings at or after `from` and before `to`. */
export interface TimeBound {
  from?: Date;
  to?: Date;
}

const DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** The range of instants a FHIR date value stands for, at its precision ([start, end)). */
function dateRange(text: string): { start: Date; end: Date } {
  const m = DATE.exec(text);
  if (!m) throw invalidSearch(`date ${text} is not a FHIR date such as 2026-03-02 or 2026-03-02T07:00:00Z`);
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  if (year < 1900 || year > 2999) throw invalidSearch('date must be between the years 1900 and 2999');
  const utc = (parts: number[]) => {
    const date = new Date(
      Date.UTC(parts[0]!, parts[1] ?? 0, parts[2] ?? 1, parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0),
    );
    return date;
  };
  if (!mo) return { start: utc([year]), end: utc([year + 1]) };
  const month = Number(mo) - 1;
  if (month > 11) throw invalidSearch(`date ${text} has no month ${mo}`);
  if (!d) return { start: utc([year, month]), end: utc([year, month + 1]) };
  const day = Number(d);
  const start = utc([year, month, day]);
  if (start.getUTCMonth() !== month || day < 1)
    throw invalidSearch(`date ${text} is not a day of the calendar`);
  if (!h) return { start, end: utc([year, month, day + 1]) };
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${zone === undefined ? 'Z' : zone}`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw invalidSearch(`date ${text} is not a valid time`);
  // To the second (or the minute when no seconds are given).
  const precisionMs = s === undefined ? 60_000 : frac ? 1 : 1000;
  return { start: instant, end: new Date(instant.getTime() + precisionMs) };
}

/** `date` parameters (each a prefix and a date; or another date parameter), all of which must hold. */
export function dateBoundsOf(query: RawQuery, name = 'date'): TimeBound {
  const bound: TimeBound = {};
  const later = (a: Date | undefined, b: Date) => (a && a > b ? a : b);
  const earlier = (a: Date | undefined, b: Date) => (a && a < b ? a : b);
  for (const value of all(query, name)) {
    const match = /^(eq|gt|lt|ge|le|sa|eb)?(.*)$/.exec(value)!;
    const prefix = match[1] ?? 'eq';
    const { start, end } = dateRange(match[2]!);
    switch (prefix) {
      case 'eq':
        bound.from = later(bound.from, start);
        bound.to = earlier(bound.to, end);
        break;
      case 'ge':
        bound.from = later(bound.from, start);
        break;
      case 'gt':
      case 'sa':
        bound.from = later(bound.from, end);
        break;
      case 'le':
        bound.to = earlier(bound.to, end);
        break;
      case 'lt':
      case 'eb':
        bound.to = earlier(bound.to, start);
        break;
    }
  }
  return bound;
}

/** Tokens `[system|]code`, comma-separated alternatives. */
function tokens(query: RawQuery, name: string): { system?: string; code: string }[][] {
  return all(query, name).map((value) =>
    value.split(',').map((token) => {
      const bar = token.indexOf('|');
      return bar < 0 ? { code: token } : { system: token.slice(0, bar), code: token.slice(bar + 1) };
    }),
  );
}

/**
 * The Observation kinds (their id suffixes, codes.ts) that `code` and `category` allow: each parameter is a
 * list of alternatives, and every parameter given must match.
 */
export function observationKindsOf(query: RawQuery): Set<string> {
  let kinds = new Set(Object.keys(CODES_OF_SUFFIX));
  for (const alternatives of tokens(query, 'code')) {
    const allowed = new Set<string>();
    for (const { system, code } of alternatives) {
      if (system !== undefined && system !== '' && system !== LOINC && system !== SNOMED) continue;
      for (const [suffix, codes] of Object.entries(CODES_OF_SUFFIX))
        if (codes.includes(code)) allowed.add(suffix);
    }
    kinds = new Set([...kinds].filter((k) => allowed.has(k)));
  }
  // A component's code: the blood-pressure panel holds the systolic and diastolic components.
  for (const alternatives of tokens(query, 'component-code')) {
    const allowed = new Set<string>();
    for (const { system, code } of alternatives) {
      if (system !== undefined && system !== '' && system !== LOINC) continue;
      if (BP_COMPONENT_CODES.includes(code)) allowed.add('blood-pressure');
    }
    kinds = new Set([...kinds].filter((k) => allowed.has(k)));
  }
  for (const alternatives of tokens(query, 'category')) {
    const allowed = new Set<string>();
    for (const { system, code } of alternatives) {
      if (system !== undefined && system !== '' && system !== OBSERVATION_CATEGORY) continue;
      if (code === 'vital-signs')
        for (const k of Object.keys(CODES_OF_SUFFIX)) if (k !== 'news2') allowed.add(k);
      if (code === 'survey') allowed.add('news2');
    }
    kinds = new Set([...kinds].filter((k) => allowed.has(k)));
  }
  return kinds;
}

/**
 * The `category` parameters: each a list of alternative codes, all of which must hold. An
 * Observation without a category (a wearable's summary) matches none.
 */
export function categoriesOf(query: RawQuery): string[][] {
  return tokens(query, 'category').map((alternatives) =>
    alternatives
      .filter(({ system }) => system === undefined || system === '' || system === OBSERVATION_CATEGORY)
      .map(({ code }) => code),
  );
}

export type SortOrder = 'asc' | 'desc';
export function sortOf(query: RawQuery): SortOrder {
  const sort = one(query, '_sort');
  if (sort === undefined || sort === '-date') return 'desc';
  if (sort === 'date') return 'asc';
  throw invalidSearch('_sort must be date (oldest first) or -date (newest first)');
}

/** Where the next page starts: after this reading, skipping the Observations of it already sent. */
export interface ObservationCursor {
  /** The reading's time in microseconds since 1970 (as stored: a millisecond would lose its place). */
  time: number;
  readingId: number;
  skip: number;
}

export const encodeCursor = (cursor: ObservationCursor) =>
  Buffer.from(`${cursor.time}.${cursor.readingId}.${cursor.skip}`).toString('base64url');

export function cursorOf(query: RawQuery): ObservationCursor | undefined {
  const text = one(query, '_cursor');
  if (text === undefined) return undefined;
  const match = /^(-?\d{1,17})\.(\d{1,10})\.(\d{1,2})$/.exec(Buffer.from(text, 'base64url').toString());
  const cursor = match && { time: Number(match[1]), readingId: Number(match[2]), skip: Number(match[3]) };
  if (
    !cursor ||
    cursor.readingId > 2_147_483_647 ||
    Math.abs(cursor.time) > 8.64e18 ||
    !Number.isSafeInteger(cursor.time)
  ) {
    throw invalidSearch('_cursor must be taken from a next link of this server');
  }
  return cursor;
}

const OBSERVATION_STATUSES = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
];
/** `status` of Observations: alternatives (comma-separated); every parameter given must hold. */
export function statusesOf(query: RawQuery): string[] | undefined {
  const lists = tokens(query, 'status').map((alternatives) => alternatives.map((t) => t.code));
  for (const code of lists.flat()) {
    if (!OBSERVATION_STATUSES.includes(code)) {
      throw invalidSearch(`status ${code} is not an Observation status (${OBSERVATION_STATUSES.join(', ')})`);
    }
  }
  if (lists.length === 0) return undefined;
  return lists.reduce((a, b) => a.filter((code) => b.includes(code)));
}

/** `_summary`: `count` (only the total) or `false` (whole resources, the default). */
export function summaryOf(query: RawQuery): 'count' | undefined {
  const summary = one(query, '_summary');
  if (summary === undefined || summary === 'false') return undefined;
  if (summary === 'count') return 'count';
  throw invalidSearch(
    '_summary must be count or false: this server sends whole resources or the count alone',
  );
}

/** `_total`: whether the Bundle must carry the exact number of matches. */
export function totalOf(query: RawQuery): boolean {
  const total = one(query, '_total');
  if (total === undefined || total === 'none' || total === 'estimate') return false;
  if (total === 'accurate') return true;
  throw invalidSearch('_total must be none, estimate or accurate');
}

/** `_elements`: the top-level elements to send (id, meta and resourceType always go). */
export function elementsOf(query: RawQuery): string[] | undefined {
  const values = all(query, '_elements');
  if (values.length === 0) return undefined;
  const names = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!/^[a-z][A-Za-z0-9]*(\[x\])?$/.test(name))
      throw invalidSearch(`_elements ${name} is not an element name`);
  }
  return names;
}

/** A resource with only the `_elements` asked for, marked SUBSETTED (FHIR search §3.1.1.5.9). */
export function subset<R extends { resourceType: string; meta?: { tag?: unknown[] } }>(
  resource: R,
  elements: string[],
): R {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resource)) {
    // A choice element (`value[x]`) is asked for as `value` or `value[x]`.
    const stem = key.replace(/(DateTime|Period|Quantity|String|Boolean|Integer|CodeableConcept)$/, '');
    const asked =
      elements.includes(key) ||
      (stem !== key && (elements.includes(stem) || elements.includes(`${stem}[x]`)));
    if (key === 'resourceType' || key === 'id' || key === 'meta' || asked) {
      kept[key] = value;
    }
  }
  const meta = (kept.meta ?? {}) as { tag?: unknown[] };
  kept.meta = {
    ...meta,
    tag: [
      ...(meta.tag ?? []),
      {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
        code: 'SUBSETTED',
        display: 'subsetted',
      },
    ],
  };
  return kept as R;
}

/** `_include`: only Observation:patient (or :subject) is served. */
export function includesPatient(query: RawQuery, type: string): boolean {
  const values = all(query, '_include');
  for (const value of values) {
    if (value !== `${type}:patient` && value !== `${type}:subject` && value !== `${type}:subject:Patient`) {
      throw invalidSearch(`_include ${value} is not supported; this server includes ${type}:patient`);
    }
  }
  return values.length > 0;
}

/** Repeated-once text parameters (`family`, `given`, `name`). */
export function textOf(query: RawQuery, name: string): string | undefined {
  const value = one(query, name);
  if (value !== undefined && (value.trim() === '' || value.length > 200)) {
    throw invalidSearch(`${name} must be between 1 and 200 characters`);
  }
  return value?.trim();
}
