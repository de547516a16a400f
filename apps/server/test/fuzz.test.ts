import { createHash } from 'node:crypto';
import { DeviceReadingInput } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteTableEntry } from '../src/plugins/route-table.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { costRatio } from './support/cpu-budget.ts';
import { admitPatient, recordReadings, signUp } from './support/factories.ts';

/**
 * A fuzz battery over the whole route table: generated bad bodies, query strings and path
 * parameters, sent with a signed-in session so they reach validation and handlers. No answer may
 * be a 5xx, and the stored record must be exactly as it was.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  await seedOneOfEach();
});
afterAll(() => t.close());

/** One record of every kind, so the routes of existing ids (1) reach their handlers. */
async function seedOneOfEach() {
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const patient = await admitPatient(t.app, cookie, { name: 'Fuzz Patient', pulse: 72 });
  const at = '2026-03-02T07:00:00Z';
  await post(`/api/patients/${patient.id}/treatments`, { description: 'Obs', scheduledFor: at });
  await post(`/api/patients/${patient.id}/notes`, { content: 'Settled overnight' });
  await post(`/api/patients/${patient.id}/medications`, {
    name: 'Paracetamol',
    dosage: '1 g',
    frequency: '6-hourly',
    nextDose: at,
  });
  await post(`/api/patients/${patient.id}/emergency-contacts`, {
    name: 'Sam',
    relationship: 'Son',
    phone: '+44 20 7946 0000',
  });
  await post('/api/device-tokens', { patientId: patient.id, label: 'Monitor' });
  await recordReadings(
    t.app,
    { cookie },
    {
      patientId: patient.id,
      deviceId: 'm-1',
      readingTime: at,
      heartRate: 80,
    },
  );
}

/** Tables whose rows a rejected request must leave untouched (sessions and throttle counters change). */
const RECORD_TABLES = [
  'users',
  'patients',
  'treatments',
  'notes',
  'medications',
  'emergency_contacts',
  'vital_readings',
  'patient_events',
  'spo2_scale_changes',
  'device_tokens',
  'ward_bays',
  'ward_beds',
  'bed_moves',
  'ward_settings',
  'shift_assignments',
  'handovers',
];

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of RECORD_TABLES) {
    const result = await t.database.db.execute(
      sql.raw(`select coalesce(json_agg(x order by x::text), '[]') as rows from ${table} x`),
    );
    hash.update(`${table}:${JSON.stringify((result as unknown as { rows: unknown[] }).rows)}`);
  }
  return hash.digest('hex');
}

/** Values no field of any schema accepts: each makes a body invalid wherever it is put. */
const alwaysBad = fc.constantFrom<unknown>(
  '\u0000',
  'before\u0000after',
  '\ud800',
  'lone \udfff surrogate',
  { nested: { deeper: [1] } },
  [[]],
  [{}],
);

/** Values that may or may not suit a field. */
const anyValue = fc.oneof(
  alwaysBad,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    -(2 ** 63),
    1.5,
    1e308,
    '',
    ' ',
    'x'.repeat(10_001),
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '+275760-09-13T00:00:00.000Z',
    '2026-02-30T25:61:00Z',
    '<script>alert(1)</script>',
    "'; drop table patients; --",
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
);

const shapeOf = (schema: unknown): Record<string, unknown> => {
  // An optional body (`.nullish()`, a one-click action whose fields are optional) is its object's.
  const inner = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  if (inner?.shape) return inner.shape;
  return typeof inner?.unwrap === 'function' ? shapeOf(inner.unwrap()) : {};
};

/** The fields a route's body takes (the ingest validates its own body: a reading's fields). */
function bodyFields(route: RouteTableEntry): string[] {
  if (route.url === '/api/device-readings') return Object.keys(DeviceReadingInput.shape);
  return Object.keys(shapeOf(route.schema?.body));
}

/** A body no route accepts: junk at the root, or the route's own fields with at least one bad value. */
function badBody(route: RouteTableEntry) {
  const fields = bodyFields(route);
  const junkRoot = fc.constantFrom<unknown>(null, [], [null], 'text', 42, true, {}, [{}]);
  if (fields.length === 0) return fc.oneof(junkRoot, fc.dictionary(fc.string(), alwaysBad, { minKeys: 1 }));
  const withBadField = fc
    .tuple(
      fc.constantFrom(...fields),
      alwaysBad,
      fc.dictionary(fc.constantFrom(...fields, 'extra', '__proto__', 'constructor'), anyValue),
    )
    .map(([field, bad, others]) => ({ ...others, [field]: bad }));
  const batch = fc.array(withBadField, { minLength: 1, maxLength: 3 });
  return fc.oneof(junkRoot, withBadField, ...(route.url === '/api/device-readings' ? [batch] : []));
}

/** Path parameter values: ids out of range, not numbers, encoded NUL and invalid UTF-8, and 1. */
const badId = fc.constantFrom(
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '1.5',
  '0x10',
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%C0%AF',
  "1'%20OR%20'1'='1",
  '%20',
);

const cursor = (text: string) => Buffer.from(text).toString('base64url');
const queryValue = fc.oneof(
  fc.constantFrom(
    '%00',
    '%ED%A0%80',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '-1',
    '0',
    '1001',
    '2147483648',
    'abc',
    cursor('0000-01-01T00:00:00.000Z~1'),
    cursor('+275760-09-13T00:00:00.000Z~1'),
    cursor('2026-03-02T07:00:00.000Z~99999999999'),
    cursor('2026-03-02T07:00:00.000Z~-5'),
    cursor('garbage'),
    'Critical',
    'x'.repeat(300),
  ),
  fc.string().map(encodeURIComponent),
);
const queryKey = fc.constantFrom(
  'limit',
  'before',
  'since',
  'search',
  'condition',
  'lastEventId',
  'x',
  // FHIR search and export parameters.
  'patient',
  'date',
  'code',
  'category',
  '_count',
  '_sort',
  '_cursor',
  'identifier',
  'name',
  '_since',
  '_type',
);

function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/**
 * Actions that take no input, so any request is a valid one that acts: signing out (here, or every
 * other session), an administrator's password reset and a patient's discharge.
 */
const NO_INPUT_ACTIONS = new Set([
  '/api/logout',
  '/api/account/sign-out-everywhere',
  '/api/accounts/:id/reset-password',
  '/api/patients/:id/discharge',
]);

/** Routes the battery walks: every API and FHIR route but the event stream (it stays open) and the above. */
const fuzzedRoutes = () =>
  t.app.routeTable.filter(
    (r) =>
      (r.url.startsWith('/api/') || r.url.startsWith('/fhir/')) &&
      r.method !== 'HEAD' &&
      r.url !== '/api/events' &&
      !NO_INPUT_ACTIONS.has(r.url),
  );

describe('fuzzed input over every route', () => {
  it('never answers 5xx and leaves the stored record unchanged', async () => {
    const before = await fingerprint();
    let requests = 0;
    const answered = new Map<number, number>();
    for (const route of fuzzedRoutes()) {
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      // A route without a body acting on an existing record (DELETE …/1) is a valid request.
      const ids = hasBody || route.method === 'GET' ? badId : badId.filter((id) => id !== '1');
      const request = fc.record({
        id: ids,
        query: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 3 }),
        body: hasBody ? badBody(route) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ id, query, body }) => {
          const url = route.url.replace(/:(\w+)/g, id) + queryString(query);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            ...(hasBody ? { payload: JSON.stringify(body) } : {}),
          });
          requests++;
          answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            throw new Error(
              `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode} ${res.body}`,
            );
          }
          if (res.statusCode >= 400) {
            const error = res.json() as {
              error?: string;
              resourceType?: string;
              issue?: { diagnostics?: string }[];
            };
            // The FHIR API answers OperationOutcome; the rest of the API { error, message, code }.
            const message =
              error.resourceType === 'OperationOutcome' ? error.issue?.[0]?.diagnostics : error.error;
            expect(message, `${route.method} ${url}`).toEqual(expect.any(String));
            expect(message).not.toMatch(/^Invalid input: expected/);
          }
        }),
        // FHIR routes share one search parser (fhir/search.ts): fewer runs each keep the battery's time.
        { numRuns: route.url.startsWith('/fhir/') ? 40 : 120 },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(3000);
    expect([...answered.keys()].every((status) => status < 500)).toBe(true);
    expect(await fingerprint()).toBe(before);
  }, 240_000);
});

describe('fuzzed input to the routes anyone can reach', () => {
  /** Public and webhook routes that take a body, from the route table's declared access. */
  const unauthenticated = () =>
    t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        (r.access?.kind === 'public' || r.access?.kind === 'webhook') &&
        !['GET', 'HEAD'].includes(r.method),
    );
  /** Bodies built to cost: long text in any field, deep nesting, many keys. */
  const costly = (route: RouteTableEntry) => {
    const fields = [...bodyFields(route), 'extra'];
    return fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...fields),
          fc.integer({ min: 1000, max: 900_000 }),
          fc.constantFrom('a', 'é', '\u0301', '𝒜'),
        )
        .map(([field, n, c]) => JSON.stringify({ [field]: c.repeat(n) })),
      fc.integer({ min: 40, max: 500_000 }).map((n) => '['.repeat(n)),
      fc.integer({ min: 40, max: 200_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
      fc
        .integer({ min: 100, max: 50_000 })
        .map((n) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])))),
      badBody(route).map((b) => JSON.stringify(b)),
    );
  };

  it('never answers 5xx, and no request costs more than a small multiple of a small refused one', async () => {
    const routes = unauthenticated();
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/login', '/api/register']));
    let worst = { ratio: 0, what: '' };
    for (const route of routes) {
      const send = (payload: string | Buffer) =>
        t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
      // Every refusal path once before measuring (the first run of a path compiles it).
      for (const warm of ['{}', '['.repeat(100), 'x'.repeat(20_000)]) await send(warm);
      await fc.assert(
        fc.asyncProperty(costly(route), async (payload) => {
          let status = 0;
          // Encoded before the clock starts: the client's work is not the server's.
          const bytes = Buffer.from(payload);
          const ratio = await costRatio(
            async () => {
              status = (await send(bytes)).statusCode;
            },
            () => send('{}'),
            25,
          );
          const what = `${route.method} ${route.url} ${payload.slice(0, 30)}… (${payload.length} characters)`;
          if (ratio > worst.ratio) worst = { ratio, what };
          expect(status, what).toBeLessThan(500);
          expect(ratio, what).toBeLessThan(25);
        }),
        { numRuns: 60 },
      );
    }
    console.log(`costliest public request: ${worst.ratio.toFixed(1)}× a small one (${worst.what})`);
  }, 240_000);
});

describe('the bad inputs that used to be 500s', () => {
  const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie, 'content-type': 'application/json', ...headers },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

  it.each([
    [
      'POST',
      '/api/login',
      { username: 'nurse\u0000', password: 'secret-secret' },
      'username: must not contain a NUL character (\\u0000)',
    ],
    [
      'POST',
      '/api/patients/1/notes',
      { content: 'a\u0000b' },
      'content: must not contain a NUL character (\\u0000)',
    ],
    [
      'POST',
      '/api/patients/1/notes',
      { content: 'half \ud83d' },
      'content: is not valid Unicode text (it contains a lone surrogate); send well-formed UTF-8',
    ],
    [
      'PATCH',
      '/api/patients/1',
      { name: '\ud800' },
      'name: is not valid Unicode text (it contains a lone surrogate); send well-formed UTF-8',
    ],
    [
      'POST',
      '/api/device-readings',
      [{ patientId: 1, readingTime: '2026-03-02T07:00:00Z', deviceName: 'x\u0000' }],
      '[0].deviceName: must not contain a NUL character (\\u0000)',
    ],
  ])('%s %s with bad text → 400 naming the field', async (method, url, payload, message) => {
    const res = await send(method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'INVALID_TEXT' });
  });

  it('answers ids beyond a database integer with a 400 naming the id', async () => {
    for (const url of [
      '/api/patients/2147483648',
      '/api/patients/99999999999999999999/notes',
      '/api/treatments/2147483648',
    ]) {
      const res = await send(
        url.includes('treatments') ? 'PATCH' : 'GET',
        url,
        url.includes('treatments') ? { completed: true } : undefined,
      );
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/id is too large: there is no record with that id$/);
    }
    const body = await send('POST', '/api/device-readings', {
      patientId: 2 ** 31,
      readingTime: '2026-03-02T07:00:00Z',
      heartRate: 80,
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().error).toBe('patientId: patientId is too large: there is no record with that id');
  });

  it('answers a JSON null, an array or a string where an object belongs with a 400 a person can act on', async () => {
    for (const payload of [null, [], 'text']) {
      const res = await send('POST', '/api/patients', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('The request body must be a JSON object');
    }
    const readings = await send('POST', '/api/device-readings', null);
    expect(readings.statusCode).toBe(422);
    expect(readings.json().error).toBe('Send one reading (a JSON object) or a batch of up to 500 (an array)');
  });

  it('names the field of a device reading with the wrong type', async () => {
    const res = await send('POST', '/api/device-readings', {
      patientId: 1,
      readingTime: '2026-03-02T07:00:00Z',
      heartRate: '72',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('heartRate: Heart rate must be a number: 20–300 beats/min');
    const deviceId = await send('POST', '/api/device-readings', {
      patientId: 1,
      readingTime: '2026-03-02T07:00:00Z',
      heartRate: 72,
      deviceId: 7,
    });
    expect(deviceId.json().error).toBe('deviceId must be text');
  });

  it('answers out-of-range history cursors and dates with 400', async () => {
    const cursors = [
      cursor('0000-01-01T00:00:00.000Z~1'),
      cursor('+275760-09-13T00:00:00.000Z~1'),
      cursor('2026-03-02T07:00:00.000Z~99999999999'),
    ];
    for (const before of cursors) {
      const res = await send('GET', `/api/patients/1/readings?before=${before}`);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().error).toBe('before must be the nextBefore cursor of a previous page');
    }
    const since = await send('GET', '/api/patients/1/readings?since=0000-01-01T00:00:00Z');
    expect(since.statusCode).toBe(400);
    expect(since.json().error).toBe('since must be between the years 1900 and 2999');
  });

  it('says a password over the limit is too long, not that it is required', async () => {
    const login = await send('POST', '/api/login', { username: 'someone', password: 'x'.repeat(1025) });
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toBe('Password is too long: at most 1,024 characters');
    const register = await send('POST', '/api/register', { username: 'someone', password: 'x'.repeat(129) });
    expect(register.json().error).toBe('Password must be at most 128 characters');
  });
});

// The schemas the battery reads must be zod objects with a shape, or it fuzzes nothing.
describe('the battery itself', () => {
  it('finds the body fields of every route that takes a body', () => {
    const withBody = fuzzedRoutes().filter((r) => r.schema?.body !== undefined);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      expect(bodyFields(route).length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    }
    expect(z.object({ a: z.string() }).shape).toHaveProperty('a');
  });
});
