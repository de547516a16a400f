import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type {
  Bundle,
  Device,
  Group,
  Observation,
  OperationOutcome,
  Patient,
  Provenance,
  Resource,
} from 'fhir/r4';
import { Client } from 'fhir-kit-client';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signUp } from './support/factories.ts';
import { fhirProblems } from './support/fhir-validation.ts';

/**
 * The FHIR API, SMART Backend Services and Bulk Data as an integrator's off-the-shelf clients use
 * them (issue 41), over HTTP against the listening server: fhir-kit-client for FHIR, jose to sign
 * the client assertions. Every resource received is validated (R4 and the vital-signs profiles).
 */
let t: TestApp;
let base: string;
let fhirBase: string;
let admin: Session;
let ada: number;
let grace: number;
let discharged: number;
let keys: Awaited<ReturnType<typeof systemKeys>>;

const TOKEN_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const expectValid = (resources: Resource[]) => {
  for (const resource of resources)
    expect(fhirProblems(resource), `${resource.resourceType}/${resource.id}`).toEqual([]);
};
const entries = (bundle: unknown) => ((bundle as Bundle).entry ?? []).map((e) => e.resource!);

async function systemKeys(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    /** A client assertion; `claims` overrides any claim (a jti of the wrong type, a NUL in iss). */
    assertion: (clientId: string, claims: Record<string, unknown> = {}) =>
      new SignJWT({
        iss: clientId,
        sub: clientId,
        aud: `${fhirBase}/auth/token`,
        exp: Math.floor(t.clock.now().getTime() / 1000) + 240,
        jti: crypto.randomUUID(),
        ...claims,
      })
        .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
        .sign(privateKey),
  };
}

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie: admin.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

async function register(scopes: string[], jwks = keys.jwks) {
  const res = await api('POST', '/api/smart-clients', { name: `System ${scopes.join(' ')}`, jwks, scopes });
  expect(res.status).toBe(201);
  return res.body as { id: number; clientId: string };
}

async function requestToken(
  assertion: string,
  scope: string,
  contentType = 'application/x-www-form-urlencoded',
) {
  const form = {
    grant_type: 'client_credentials',
    client_assertion_type: TOKEN_ASSERTION_TYPE,
    client_assertion: assertion,
    scope,
  };
  const res = await fetch(`${fhirBase}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: contentType.includes('json') ? JSON.stringify(form) : new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string | number> };
}

/** A client granted `granted`, and a token it obtained asking for `asked`. */
async function tokenFor(granted: string[], asked: string) {
  const client = await register(granted);
  const token = await requestToken(await keys.assertion(client.clientId), asked);
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return { client, token: String(token.body.access_token), scope: String(token.body.scope) };
}

const fhirGet = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${fhirBase}${path}`, { headers });

beforeAll(async () => {
  // Loopback JWKS allowed here (refused by default: tested below); kept-alive connections outlive a
  // slow machine's pauses between tests (fetch reuses them, and a server closing one races it).
  t = await createTestApp({ env: { SMART_JWKS_ALLOW_PRIVATE: 'true', KEEP_ALIVE_TIMEOUT_SECONDS: '120' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  fhirBase = `${base}/fhir/R4`;
  admin = await signUp(base);
  keys = await systemKeys('integrator-1');
  ada = (await admitPatient(base, admin.cookie, { name: 'Ada King Lovelace' })).id;
  grace = (await admitPatient(base, admin.cookie, { name: 'Grace Hopper' })).id;
  discharged = (await admitPatient(base, admin.cookie, { name: 'Gone Home' })).id;
  await t.database.db.execute(sql`update patients set discharged_at = now() where id = ${discharged}`);
  const linked = await api('POST', '/api/device-links', {
    patientId: ada,
    deviceId: 'oximeter-7',
    deviceName: 'Nonin 3230',
    connectionType: 'Bluetooth',
  });
  expect(linked.status).toBe(201);
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 6, minutes)).toISOString();
  await recordReadings(base, admin, [
    // A nurse's set, and a device's readings.
    {
      patientId: ada,
      readingTime: at(0),
      connectionType: 'Manual',
      heartRate: 72,
      respiratoryRate: 16,
      systolicBP: 121,
      diastolicBP: 79,
    },
    ...Array.from({ length: 6 }, (_, i) => ({
      patientId: ada,
      readingTime: at(10 + i),
      deviceId: 'oximeter-7',
      deviceName: 'Nonin 3230',
      connectionType: 'Bluetooth',
      oxygenLevel: 95 + (i % 3),
      heartRate: 80 + i,
    })),
    { patientId: grace, readingTime: at(5), connectionType: 'Manual', heartRate: 90, temperature: 986 },
  ]);
});
afterAll(() => t.close());

describe('SMART Backend Services as bulk clients ask (41.1, 41.2, 38.8)', () => {
  it('takes the token in a lower-case bearer scheme, and every 401 says how to authenticate', async () => {
    const { token } = await tokenFor(['system/Patient.rs'], 'system/Patient.rs');
    const lower = await fhirGet(`/Patient/${ada}`, { authorization: `bearer ${token}` });
    expect(lower.status).toBe(200);
    expectValid([(await lower.json()) as Patient]);

    const none = await fhirGet(`/Patient/${ada}`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm="vigil"/);
    const unknown = await fhirGet(`/Patient/${ada}`, { authorization: 'Bearer vgl_smart_nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it.each([
    ['system/*.rs', 'system/Patient.rs system/Observation.rs'],
    ['system/*.read', 'system/Patient.rs system/Observation.rs'],
    ['system/Patient.read', 'system/Patient.rs'],
    ['system/Patient.r', 'system/Patient.r'],
    ['system/Patient.rs system/Device.rs', 'system/Patient.rs'],
  ])('grants %s as the intersection with what the client holds: %s', async (asked, granted) => {
    const { token, scope } = await tokenFor(['system/Patient.rs', 'system/Observation.rs'], asked);
    expect(scope).toBe(granted);
    const client = new Client({ baseUrl: fhirBase, bearerToken: token });
    expect(await client.read({ resourceType: 'Patient', id: String(ada) })).toMatchObject({
      id: String(ada),
    });
    const searched = await fhirGet(`/Patient?_id=${ada}`, { authorization: `Bearer ${token}` });
    // `.r` reads by id; searching needs `.s`.
    expect(searched.status).toBe(granted === 'system/Patient.r' ? 403 : 200);
  });

  it('refuses only an empty intersection', async () => {
    const client = await register(['system/Observation.rs']);
    const refused = await requestToken(
      await keys.assertion(client.clientId),
      'system/Patient.read system/Device.rs',
    );
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });

  it("applies a cut of a client's scopes to its tokens at once; disabling ends them, enabling revives none", async () => {
    const { client, token } = await tokenFor(
      ['system/Patient.rs', 'system/Observation.rs'],
      'system/Patient.rs system/Observation.rs',
    );
    const bearer = { authorization: `Bearer ${token}` };
    expect((await fhirGet(`/Patient/${ada}`, bearer)).status).toBe(200);
    expect(
      (await api('PATCH', `/api/smart-clients/${client.id}`, { scopes: ['system/Observation.rs'] })).status,
    ).toBe(200);
    expect((await fhirGet(`/Patient/${ada}`, bearer)).status).toBe(403);
    expect((await fhirGet(`/Observation?patient=${ada}`, bearer)).status).toBe(200);
    expect((await api('PATCH', `/api/smart-clients/${client.id}`, { disabled: true })).status).toBe(200);
    expect((await fhirGet(`/Observation?patient=${ada}`, bearer)).status).toBe(401);
    expect((await api('PATCH', `/api/smart-clients/${client.id}`, { disabled: false })).status).toBe(200);
    expect((await fhirGet(`/Observation?patient=${ada}`, bearer)).status).toBe(401);
  });

  it('refuses an empty change of a client (400, not 500)', async () => {
    const client = await register(['system/Patient.rs']);
    const res = await api('PATCH', `/api/smart-clients/${client.id}`, {});
    expect(res.status).toBe(400);
  });

  it('refuses a jti that is not a non-empty string, and a NUL in a claim, as a client error', async () => {
    const client = await register(['system/Patient.rs']);
    for (const jti of [42, '', { id: 1 }]) {
      const res = await requestToken(await keys.assertion(client.clientId, { jti }), 'system/Patient.rs');
      expect(res, JSON.stringify(jti)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    }
    const nulIss = await requestToken(await keys.assertion(`${client.clientId}\u0000`), 'system/Patient.rs');
    expect(nulIss).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const nulJti = await requestToken(
      await keys.assertion(client.clientId, { jti: 'a\u0000b' }),
      'system/Patient.rs',
    );
    expect(nulJti).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('takes the token request as a form only; the SMART configuration names its issuer and what it supports', async () => {
    const client = await register(['system/Patient.rs']);
    const json = await requestToken(
      await keys.assertion(client.clientId),
      'system/Patient.rs',
      'application/json',
    );
    expect(json).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(String(json.body.error_description)).toContain('application/x-www-form-urlencoded');
    const config = (await (await fhirGet('/.well-known/smart-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      issuer: base,
      token_endpoint: `${fhirBase}/auth/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      capabilities: expect.arrayContaining(['client-confidential-asymmetric', 'permission-v2']),
    });
    expect(config.scopes_supported).toEqual(expect.arrayContaining(['system/*.rs', 'system/Patient.read']));
  });
});

describe('JWKS URL fetch: bounded and public-only (38.6)', () => {
  let jwksServer: Server;
  let served = 0;
  let url: string;
  beforeAll(async () => {
    jwksServer = createServer((_req, res) => {
      served++;
      // A JWKS that never ends: 400 MB unless the reader stops.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < 6400 && res.write(chunk)) sent++;
        if (sent < 6400) res.once('drain', write);
        else res.end();
      };
      res.write('{"keys":[');
      write();
      res.on('close', () => (sent = 6400));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => jwksServer.close(resolve)));

  it('stops reading a huge JWKS at its cap and refuses the assertion', async () => {
    const res = await api('POST', '/api/smart-clients', {
      name: 'Huge keys',
      jwksUrl: url,
      scopes: ['system/Patient.rs'],
    });
    const before = process.memoryUsage().rss;
    const token = await requestToken(await keys.assertion(String(res.body.clientId)), 'system/Patient.rs');
    expect(token).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(served).toBe(1);
    // The answer was not read whole (400 MB): the process did not grow by anything like it.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('does not fetch from a loopback address unless configured to', async () => {
    const strict = await createTestApp();
    try {
      const session = await signUp(strict.app);
      const created = await strict.app.inject({
        method: 'POST',
        url: '/api/smart-clients',
        headers: { cookie: session.cookie },
        payload: { name: 'Loopback keys', jwksUrl: url, scopes: ['system/Patient.rs'] },
      });
      const clientId = (created.json() as { clientId: string }).clientId;
      const servedBefore = served;
      const assertion = await new SignJWT({ jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'ES384', kid: 'integrator-1' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience('http://localhost:80/fhir/R4/auth/token')
        .setExpirationTime(Math.floor(strict.clock.now().getTime() / 1000) + 60)
        .sign((await generateKeyPair('ES384')).privateKey);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/fhir/R4/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: TOKEN_ASSERTION_TYPE,
          client_assertion: assertion,
          scope: 'system/Patient.rs',
        }).toString(),
      });
      expect(res.statusCode).toBe(401);
      expect(served).toBe(servedBefore);
    } finally {
      await strict.close();
    }
  });
});

describe('$everything narrowed and paged (41.3, 37.4)', () => {
  it('answers a client granted Patient and Observation those two types, page by page', async () => {
    const { token } = await tokenFor(['system/Patient.rs', 'system/Observation.rs'], 'system/*.rs');
    const client = new Client({ baseUrl: fhirBase, bearerToken: token });
    let bundle = (await client.request(
      `Patient/${ada}/$everything?_count=4`,
    )) as unknown as unknown as Bundle;
    const seen: Resource[] = [];
    let pages = 0;
    for (;;) {
      pages++;
      expect(entries(bundle).filter((r) => r.resourceType === 'Observation').length).toBeLessThanOrEqual(4);
      seen.push(...entries(bundle));
      const next = client.nextPage({ bundle: bundle as never });
      if (!next) break;
      bundle = (await next) as unknown as Bundle;
    }
    const types = new Set(seen.map((r) => r.resourceType));
    expect([...types].sort()).toEqual(['Observation', 'Patient']);
    // The admission's set (5 vital signs and its NEWS2 total), 1 nurse's set (heart rate,
    // respiratory rate, blood pressure) and 6 device readings × 2.
    expect(seen.filter((r) => r.resourceType === 'Observation')).toHaveLength(21);
    expect(new Set(seen.map((r) => `${r.resourceType}/${r.id}`)).size).toBe(seen.length);
    expect(pages).toBe(6);
    expectValid(seen);
  });

  it('honours _type, _since and start/end', async () => {
    const admin_ = new Client({ baseUrl: fhirBase, customHeaders: { cookie: admin.cookie } });
    const onlyDevices = entries(await admin_.request(`Patient/${ada}/$everything?_type=Device`));
    expect(onlyDevices.map((r) => r.resourceType)).toEqual(['Device']);
    const future = entries(await admin_.request(`Patient/${ada}/$everything?_since=2999-01-01T00:00:00Z`));
    expect(future.map((r) => r.resourceType)).toEqual(['Patient']);
    const window = entries(
      await admin_.request(
        `Patient/${ada}/$everything?_type=Observation&start=2026-03-02T06:10:00Z&end=2026-03-02T06:11:00Z&_count=1000`,
      ),
    ) as Observation[];
    expect(window.map((o) => o.effectiveDateTime).sort()).toEqual([
      '2026-03-02T06:10:00.000Z',
      '2026-03-02T06:10:00.000Z',
      '2026-03-02T06:11:00.000Z',
      '2026-03-02T06:11:00.000Z',
    ]);
    const provenance = entries(
      await admin_.request(`Patient/${ada}/$everything?_type=Provenance&_count=1000`),
    );
    expect(provenance).toHaveLength(8); // one per reading: the admission's, the nurse's, 6 devices'
    expectValid([...onlyDevices, ...future, ...window, ...provenance]);
  });

  it('refuses a token holding none of its types', async () => {
    const { token } = await tokenFor(['system/Group.rs'], 'system/Group.rs');
    const res = await fhirGet(`/Patient/${ada}/$everything`, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
  });
});

describe('Group: the ward (41.5)', () => {
  it('reads the ward as a Group of the patients on it, and exports it', async () => {
    const { token } = await tokenFor(
      ['system/Group.rs', 'system/Patient.rs', 'system/Observation.rs'],
      'system/*.read',
    );
    const client = new Client({ baseUrl: fhirBase, bearerToken: token });
    const ward = (await client.read({ resourceType: 'Group', id: 'ward' })) as unknown as Group;
    expect(ward.member!.map((m) => m.entity.reference).sort()).toEqual(
      [`Patient/${ada}`, `Patient/${grace}`].sort(),
    );
    expectValid([ward]);

    const kickOff = await client.request('Group/ward/$export?_type=Patient,Observation', {
      options: { headers: { prefer: 'respond-async' } },
    });
    const statusUrl = Client.httpFor(kickOff).response!.headers.get('content-location')!;
    let manifest: { output: { type: string; url: string; count: number }[] } | undefined;
    await vi.waitFor(
      async () => {
        const status = await client.request(statusUrl);
        expect(Client.httpFor(status).response?.status).toBe(200);
        manifest = status as never;
      },
      { timeout: 20_000, interval: 50 },
    );
    const lines: Resource[] = [];
    for (const file of manifest!.output) {
      const res = await fetch(file.url, { headers: { authorization: `Bearer ${token}` } });
      lines.push(
        ...(await res.text())
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Resource),
      );
    }
    const patients = lines.filter((r) => r.resourceType === 'Patient').map((r) => r.id);
    expect(patients.sort()).toEqual([String(ada), String(grace)].sort());
    expect(
      lines.filter(
        (r) =>
          r.resourceType === 'Observation' &&
          (r as Observation).subject?.reference === `Patient/${discharged}`,
      ),
    ).toEqual([]);
    expectValid(lines);
  });
});

describe('search as clients expect it (41.6)', () => {
  const client = () => new Client({ baseUrl: fhirBase, customHeaders: { cookie: admin.cookie } });

  it('answers POST _search, _total=accurate with paging, and _summary=count', async () => {
    const posted = await fetch(`${fhirBase}/Observation/_search`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ patient: String(ada), code: '8867-4', _count: '3', _total: 'accurate' }),
    });
    expect(posted.status).toBe(200);
    const page = (await posted.json()) as unknown as Bundle;
    expect(page.total).toBe(8); // the admission's, the nurse's and 6 devices' heart rates
    expect(page.entry).toHaveLength(3);
    expect(page.link?.some((l) => l.relation === 'next')).toBe(true);
    const count = (await client().search({
      resourceType: 'Observation',
      searchParams: { patient: String(ada), _summary: 'count' },
    })) as unknown as Bundle;
    expect(count).toMatchObject({ total: 21 });
    expect(count.entry).toBeUndefined();
    expectValid([page, ...entries(page), count]);
  });

  it('searches patients by family and given name, and an unknown patient has no observations (200)', async () => {
    const byFamily = entries(
      await client().search({ resourceType: 'Patient', searchParams: { family: 'love' } }),
    );
    expect(byFamily.map((p) => p.id)).toEqual([String(ada)]);
    const byGiven = entries(
      await client().search({ resourceType: 'Patient', searchParams: { given: 'king' } }),
    );
    expect(byGiven.map((p) => p.id)).toEqual([String(ada)]);
    expect(
      entries(await client().search({ resourceType: 'Patient', searchParams: { family: 'king' } })),
    ).toEqual([]);
    const none = await fetch(`${fhirBase}/Observation?patient=999999`, { headers: { cookie: admin.cookie } });
    expect(none.status).toBe(200);
    expect(entries(await none.json())).toEqual([]);
  });

  it('filters by status and component-code, includes the patient, and sends _elements only', async () => {
    const preliminary = entries(
      await client().search({
        resourceType: 'Observation',
        searchParams: { patient: String(ada), status: 'preliminary' },
      }),
    ) as Observation[];
    expect(preliminary).toHaveLength(12);
    expect(new Set(preliminary.map((o) => o.status))).toEqual(new Set(['preliminary']));
    const systolic = entries(
      await client().search({
        resourceType: 'Observation',
        searchParams: { patient: String(ada), 'component-code': 'http://loinc.org|8480-6' },
      }),
    ) as Observation[];
    // The blood pressure panels of the admission's set and the nurse's.
    expect(systolic.map((o) => o.code.coding![0]!.code)).toEqual(['85354-9', '85354-9']);
    const included = (await client().search({
      resourceType: 'Observation',
      searchParams: { patient: String(grace), _include: 'Observation:patient' },
    })) as unknown as Bundle;
    expect(included.entry!.filter((e) => e.search?.mode === 'include').map((e) => e.resource!.id)).toEqual([
      String(grace),
    ]);
    const slim = entries(
      await client().search({
        resourceType: 'Observation',
        searchParams: { patient: String(grace), _elements: 'code,value' },
      }),
    ) as Observation[];
    expect(Object.keys(slim[0]!).sort()).toEqual(['code', 'id', 'meta', 'resourceType', 'valueQuantity']);
    expect(slim[0]!.meta!.tag!.some((t) => t.code === 'SUBSETTED')).toBe(true);
    const recent = entries(
      await client().search({
        resourceType: 'Observation',
        searchParams: { patient: String(grace), _lastUpdated: 'gt2999-01-01' },
      }),
    );
    expect(recent).toEqual([]);
    expectValid([...preliminary, ...systolic, ...entries(included)]);
  });
});

describe('versions, references and provenance (41.7, 41.8)', () => {
  it('answers 304 to an unchanged Patient, and vread and _history its version', async () => {
    const first = await fhirGet(`/Patient/${ada}`, { cookie: admin.cookie });
    const etag = first.headers.get('etag')!;
    const patient = (await first.json()) as Patient;
    expect(etag).toBe(`W/"${patient.meta!.versionId}"`);
    expect(patient.meta!.lastUpdated).toBeDefined();
    const again = await fhirGet(`/Patient/${ada}`, { cookie: admin.cookie, 'if-none-match': etag });
    expect(again.status).toBe(304);
    const vread = await fhirGet(`/Patient/${ada}/_history/${patient.meta!.versionId}`, {
      cookie: admin.cookie,
    });
    expect(await vread.json()).toEqual(patient);
    const history = (await (
      await fhirGet(`/Patient/${ada}/_history`, { cookie: admin.cookie })
    ).json()) as unknown as Bundle;
    expect(history).toMatchObject({ type: 'history', total: 1 });
    expectValid([patient, history]);
    // After a change, the old ETag no longer matches.
    expect((await api('PATCH', `/api/patients/${ada}`, { name: 'Ada King Lovelace' })).status).toBe(200);
    expect((await fhirGet(`/Patient/${ada}`, { cookie: admin.cookie, 'if-none-match': etag })).status).toBe(
      304,
    );
    expect((await api('PATCH', `/api/patients/${ada}`, { name: 'Augusta Ada King Lovelace' })).status).toBe(
      200,
    );
    const changed = await fhirGet(`/Patient/${ada}`, { cookie: admin.cookie, 'if-none-match': etag });
    expect(changed.status).toBe(200);
  });

  it('refers to the device that measured a value, typed by what it measures, and says who recorded each value', async () => {
    const client = new Client({ baseUrl: fhirBase, customHeaders: { cookie: admin.cookie } });
    const [spo2] = entries(
      await client.search({
        resourceType: 'Observation',
        // The oldest: the oximeter's (the admission's set, later, has no device).
        searchParams: { patient: String(ada), code: '2708-6', _count: '1', _sort: 'date' },
      }),
    ) as Observation[];
    expect(spo2!.code.coding![0]).toMatchObject({
      code: '2708-6',
      display: 'Oxygen saturation in Arterial blood',
    });
    const device = (await client.resolve({ reference: spo2!.device!.reference! })) as Device;
    expect(device).toMatchObject({
      resourceType: 'Device',
      identifier: [{ value: 'oximeter-7' }],
      type: { coding: [{ system: 'urn:iso:std:iso:11073:10101', code: '528388' }] },
    });
    const byIdentifier = entries(
      await client.search({
        resourceType: 'Device',
        searchParams: { identifier: 'urn:vigil:device-id|oximeter-7' },
      }),
    );
    expect(byIdentifier.map((d) => d.id)).toEqual([device.id]);

    const devicesReading = (await client.read({
      resourceType: 'Provenance',
      id: spo2!.id!.split('-')[0]!,
    })) as unknown as Provenance;
    expect(devicesReading.agent[0]).toMatchObject({
      type: { coding: [{ code: 'performer' }] },
      who: { reference: `Device/${device.id}` },
    });
    expect(devicesReading.target.map((r) => r.reference)).toContain(`Observation/${spo2!.id}`);
    const [nurses] = entries(
      await client.search({
        resourceType: 'Observation',
        searchParams: { patient: String(ada), code: '9279-1' },
      }),
    ) as Observation[];
    const nursesReading = (await client.read({
      resourceType: 'Provenance',
      id: nurses!.id!.split('-')[0]!,
    })) as unknown as Provenance;
    expect(nursesReading.agent[0]).toMatchObject({
      type: { coding: [{ code: 'author' }] },
      who: { identifier: { system: 'urn:vigil:user-id', value: String(admin.user.id) } },
    });
    expect(nursesReading.meta!.tag![0]!.code).toBe('observation');
    expectValid([spo2!, device, ...byIdentifier, devicesReading, nursesReading]);
  });
});

describe('protocol details (41.9)', () => {
  it('answers 405 to a write, 406 to XML, and $lastn as not supported', async () => {
    const put = await fetch(`${fhirBase}/Patient/${ada}`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, 'content-type': 'application/fhir+json' },
      body: '{}',
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET');
    const xml = await fhirGet(`/Patient/${ada}?_format=xml`, { cookie: admin.cookie });
    expect(xml.status).toBe(406);
    const accept = await fhirGet(`/Patient/${ada}`, { cookie: admin.cookie, accept: 'application/fhir+xml' });
    expect(accept.status).toBe(406);
    const lastn = await fhirGet('/Observation/$lastn', { cookie: admin.cookie });
    expect(lastn.status).toBe(404);
    expect(((await lastn.json()) as OperationOutcome).issue[0]!.diagnostics).toContain(
      '$lastn is not supported',
    );
  });
});

describe('the audit of FHIR reads (38.5)', () => {
  it('writes one read row per patient a search returns', async () => {
    const { token, client } = await tokenFor(['system/Observation.rs'], 'system/Observation.rs');
    const res = await fhirGet('/Observation?category=vital-signs&_count=1000', {
      authorization: `Bearer ${token}`,
    });
    const subjects = new Set(
      entries(await res.json()).map((o) => (o as Observation).subject!.reference!.split('/')[1]),
    );
    // Every patient with vital signs: a discharged patient's admission set is in the record too.
    expect([...subjects].sort()).toEqual([String(ada), String(grace), String(discharged)].sort());
    const rows = await t.database.db.execute(
      sql`select patient_id from audit_events where username = ${`smart:${client.clientId}`} and action = 'read'`,
    );
    const audited = (rows as unknown as { rows: { patient_id: number | null }[] }).rows.map((r) =>
      String(r.patient_id),
    );
    expect(audited.sort()).toEqual([...subjects].sort());
  });
});
