import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bundle, CapabilityStatement, Observation, Resource } from 'fhir/r4';
import { Client } from 'fhir-kit-client';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signUp } from './support/factories.ts';
import { fhirProblems } from './support/fhir-validation.ts';

/**
 * The FHIR API as real clients use it, over HTTP against the listening server: fhir-kit-client (a
 * FHIR client written by others) reads the CapabilityStatement, pages a patient's vital signs and
 * runs a Bulk Data export with an access token a system obtained by SMART Backend Services.
 */
let t: TestApp;
let base: string;
let fhirBase: string;
let admin: Session;
let patientId: number;
let jwksServer: Server;

const TOKEN_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const SCOPES = 'system/Patient.rs system/Observation.rs';

beforeAll(async () => {
  // The JWKS server of these tests is on loopback: allowed here, refused by default (SSRF).
  t = await createTestApp({ env: { SMART_JWKS_ALLOW_PRIVATE: 'true' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  fhirBase = `${base}/fhir/R4`;
  admin = await signUp(base);
  patientId = (await admitPatient(base, admin.cookie, { name: 'Mary Seacole', pulse: 70 })).id;
  const readings = Array.from({ length: 7 }, (_, i) => ({
    patientId,
    readingTime: new Date(Date.UTC(2026, 2, 1, 6 + i)).toISOString(),
    connectionType: 'Manual',
    heartRate: 70 + i,
    respiratoryRate: 14 + i,
  }));
  await recordReadings(base, admin, readings);
});
afterAll(async () => {
  await new Promise((resolve) => (jwksServer ? jwksServer.close(resolve) : resolve(null)));
  await t.close();
});

/** A system's key pair, its public JWKS, and a way to sign its client assertions. */
async function systemKeys(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS384', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS384', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    assertion: (clientId: string, claims: { exp?: number; jti?: string; aud?: string } = {}) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS384', kid, typ: 'JWT' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(claims.aud ?? `${fhirBase}/auth/token`)
        .setExpirationTime(claims.exp ?? Math.floor(t.clock.now().getTime() / 1000) + 240)
        .setJti(claims.jti ?? crypto.randomUUID())
        .sign(privateKey),
  };
}

async function register(body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/smart-clients`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { clientId: string; scopes: string[] };
}

async function requestToken(assertion: string, scope = SCOPES) {
  const res = await fetch(`${fhirBase}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: TOKEN_ASSERTION_TYPE,
      client_assertion: assertion,
      scope,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string | number> };
}

describe('fhir-kit-client against the running server', () => {
  it('reads the CapabilityStatement and the SMART configuration', async () => {
    const client = new Client({ baseUrl: fhirBase });
    const capability = (await client.capabilityStatement()) as unknown as CapabilityStatement;
    expect(capability.fhirVersion).toBe('4.0.1');
    expect(fhirProblems(capability)).toEqual([]);
    const smart = await client.smartAuthMetadata();
    expect(String(smart.tokenUrl)).toBe(`${fhirBase}/auth/token`);
  });

  it("pages a patient's vital signs with nextPage, signed in as a person", async () => {
    const client = new Client({ baseUrl: fhirBase, customHeaders: { cookie: admin.cookie } });
    let bundle = (await client.search({
      resourceType: 'Observation',
      searchParams: { patient: String(patientId), category: 'vital-signs', _count: '4', _sort: 'date' },
    })) as unknown as Bundle;
    const seen: Observation[] = [];
    let pages = 0;
    for (;;) {
      pages++;
      seen.push(...(bundle.entry ?? []).map((e) => e.resource as Observation));
      const next = client.nextPage({ bundle: bundle as never });
      if (!next) break;
      bundle = (await next) as unknown as Bundle;
    }
    // 19 observations, 4 a page: 7 heart rates and 7 respiratory rates, and the admission's set
    // (heart rate, respiratory rate, SpO2, blood pressure, temperature).
    expect(pages).toBe(5);
    expect(seen).toHaveLength(19);
    expect(new Set(seen.map((o) => o.id)).size).toBe(19);
    for (const observation of seen) expect(fhirProblems(observation)).toEqual([]);
  });
});

describe('SMART Backend Services', () => {
  let clientId: string;
  let keys: Awaited<ReturnType<typeof systemKeys>>;
  beforeAll(async () => {
    keys = await systemKeys('vigil-test-1');
    ({ clientId } = await register({
      name: 'Hospital data warehouse',
      jwks: keys.jwks,
      scopes: SCOPES.split(' '),
    }));
  });

  it('runs a bulk export with a token from a signed assertion, audited with the client', async () => {
    const token = await requestToken(await keys.assertion(clientId));
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: SCOPES });

    const client = new Client({ baseUrl: fhirBase, bearerToken: String(token.body.access_token) });
    const patient = await client.read({ resourceType: 'Patient', id: String(patientId) });
    expect(patient).toMatchObject({ resourceType: 'Patient', id: String(patientId) });

    const kickOff = await client.request('$export?_type=Patient,Observation', {
      options: { headers: { prefer: 'respond-async' } },
    });
    const { response } = Client.httpFor(kickOff);
    expect(response?.status).toBe(202);
    const statusUrl = response!.headers.get('content-location')!;
    expect(statusUrl).toMatch(/\/fhir\/R4\/\$export-status\/[0-9a-f-]{36}$/);

    let manifest:
      | { output: { type: string; url: string; count: number }[]; transactionTime: string }
      | undefined;
    await vi.waitFor(
      async () => {
        const status = await client.request(statusUrl);
        expect(Client.httpFor(status).response?.status).toBe(200);
        manifest = status as never;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(manifest!.output.map((o) => o.type).sort()).toEqual(['Observation', 'Patient']);
    const lines: Resource[] = [];
    for (const file of manifest!.output) {
      const res = await fetch(file.url, { headers: { authorization: `Bearer ${token.body.access_token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/fhir+ndjson');
      const text = await res.text();
      const parsed = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Resource);
      expect(parsed).toHaveLength(file.count);
      lines.push(...parsed);
    }
    // The 14 sent, and the admission's set: its 5 vital signs and its NEWS2 total.
    expect(lines.filter((r) => r.resourceType === 'Observation')).toHaveLength(20);
    for (const resource of lines) expect(fhirProblems(resource), resource.id).toEqual([]);

    // A token without the Device scope may not export devices; files need the token.
    const refused = await fetch(`${fhirBase}/$export?_type=Device`, {
      headers: { authorization: `Bearer ${token.body.access_token}`, prefer: 'respond-async' },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Resource).resourceType).toBe('OperationOutcome');
    expect((await fetch(manifest!.output[0]!.url)).status).toBe(401);

    const audit = (await (
      await fetch(`${base}/api/audit-events?limit=50`, { headers: { cookie: admin.cookie } })
    ).json()) as {
      action: string;
      entityType: string;
      username: string | null;
      role: string | null;
      detail: string;
    }[];
    const exportRow = audit.find((r) => r.entityType === 'BulkExport' && r.action === 'execute');
    expect(exportRow).toMatchObject({ username: `smart:${clientId}`, role: 'system' });
    expect(exportRow!.detail).toContain(`by SMART client ${clientId}`);
    expect(
      audit.filter((r) => r.entityType === 'BulkExportFile' && r.username === `smart:${clientId}`),
    ).toHaveLength(2);
  });

  it('is refused with a wrong key, an expired assertion, a reused jti and an ungranted scope', async () => {
    const stranger = await systemKeys('vigil-test-1'); // same kid, another key
    const wrongKey = await requestToken(await stranger.assertion(clientId));
    expect(wrongKey).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(wrongKey.body.error_description).toContain('not signed by a key registered');

    const past = Math.floor(t.clock.now().getTime() / 1000) - 60;
    const expired = await requestToken(await keys.assertion(clientId, { exp: past }));
    expect(expired).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(expired.body.error_description).toContain('expired');

    const once = await keys.assertion(clientId, { jti: 'used-once' });
    expect((await requestToken(once)).status).toBe(200);
    const replay = await requestToken(once);
    expect(replay).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(replay.body.error_description).toContain('already used');

    const ungranted = await requestToken(await keys.assertion(clientId), 'system/Device.rs');
    expect(ungranted).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect(ungranted.body.error_description).toContain('system/Device.rs');

    const wrongAudience = await requestToken(
      await keys.assertion(clientId, { aud: 'https://elsewhere.example/token' }),
    );
    expect(wrongAudience).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('takes the keys from a JWKS URL, and a token lasts five minutes', async () => {
    const remote = await systemKeys('remote-1');
    jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(remote.jwks));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
    const { clientId: remoteId } = await register({
      name: 'Remote keys',
      jwksUrl: url,
      scopes: ['system/Observation.rs'],
    });
    const token = await requestToken(await remote.assertion(remoteId), 'system/Observation.rs');
    expect(token.status).toBe(200);
    const bearer = { authorization: `Bearer ${token.body.access_token}` };
    expect((await fetch(`${fhirBase}/Observation?patient=${patientId}`, { headers: bearer })).status).toBe(
      200,
    );
    // Its scope is Observation only.
    const patient = await fetch(`${fhirBase}/Patient/${patientId}`, { headers: bearer });
    expect(patient.status).toBe(403);
    expect(((await patient.json()) as { issue: { diagnostics: string }[] }).issue[0]!.diagnostics).toContain(
      'system/Patient.rs',
    );
    t.clock.advance(301_000);
    expect((await fetch(`${fhirBase}/Observation?patient=${patientId}`, { headers: bearer })).status).toBe(
      401,
    );
  });
});
