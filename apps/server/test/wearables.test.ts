import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Alert } from '@vigil/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { wearableConnections } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createTokenCipher } from '../src/modules/wearables/token-cipher.ts';
import { createTestDatabase } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';
import {
  startWhoopAuthorizationServer,
  type WhoopAuthorizationServer,
} from './support/whoop/authorization-server.ts';
import { followAuthorization } from './support/whoop/follow-authorization.ts';
import { signWhoopWebhook, type WhoopWebhookHeaders } from './support/whoop/webhook.ts';
import { startWhoopApi, type WhoopApi } from './support/whoop/whoop-api.ts';

// The product against a real OAuth 2.0 server configured as WHOOP's (PKCE required, client_secret_post,
// rotating refresh tokens, state ≥ 8) and an emulation of WHOOP's API v2: a wrong verifier, state or secret
// fails here as it would at WHOOP.

// Nothing listens here: followAuthorization stops when the provider redirects to it, and the test hands
// that URL to the app as the browser would.
const REDIRECT_URI = 'http://127.0.0.1:4999/api/whoop/callback';
const TOKEN_KEY = randomBytes(32);

let auth: WhoopAuthorizationServer;
let api: WhoopApi;
let db: { database: Database; drop: () => Promise<void> };
const logLines: string[] = [];
const apps: FastifyInstance[] = [];
const closeAfter: (() => Promise<void>)[] = [];
let app: FastifyInstance;
let cookie: string;
/** Every token value the test saw, to look for in the log. */
const seenTokens = new Set<string>();
const cipher = createTokenCipher(TOKEN_KEY);

function whoopEnv(overrides: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    WHOOP_CLIENT_ID: auth.clientId,
    WHOOP_CLIENT_SECRET: auth.clientSecret,
    WHOOP_REDIRECT_URI: REDIRECT_URI,
    WHOOP_ISSUER: auth.issuer,
    WHOOP_AUTHORIZATION_URL: auth.authorizationEndpoint,
    WHOOP_TOKEN_URL: auth.tokenEndpoint,
    WHOOP_REVOCATION_URL: auth.revocationEndpoint,
    WHOOP_API_BASE_URL: api.baseUrl,
    TOKEN_ENCRYPTION_KEY: TOKEN_KEY.toString('base64'),
    ...overrides,
  };
}

/** An app instance over the shared database, logging (debug) into `logLines`. */
async function startInstance(
  env: Record<string, string> = whoopEnv(),
  database = db.database,
  wearablePoller = false,
) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const instance = await buildApp({
    config: loadConfig(env),
    database,
    clock: systemClock,
    logger: { level: 'debug', stream },
    registerPerMinute: 1000,
    wearablePoller,
  });
  await instance.ready();
  apps.push(instance);
  return instance;
}

beforeAll(async () => {
  auth = await startWhoopAuthorizationServer({ redirectUris: [REDIRECT_URI] });
  api = await startWhoopApi({ authorizationServer: auth });
  db = await createTestDatabase();
  app = await startInstance();
  ({ cookie } = await signUp(app));
});
afterAll(async () => {
  for (const instance of apps) await instance.close();
  for (const close of closeAfter) await close();
  await db?.drop();
  await api?.close();
  await auth?.close();
});

/** Every answer the tests received (bodies and redirect locations), to look for tokens in. */
const answers: string[] = [];
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, on = app, as = cookie) {
  const res = await on.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) });
  answers.push(res.body, String(res.headers.location ?? ''));
  return res;
}

async function storedConnection(patientId: number) {
  const rows = await db.database.db
    .select()
    .from(wearableConnections)
    .where(eq(wearableConnections.patientId, patientId));
  const row = rows.find((r) => r.endedAt === null) ?? rows.at(-1)!;
  const access = row.accessToken ? cipher.decrypt(row.accessToken, 'whoop:access') : null;
  const refresh = row.refreshToken ? cipher.decrypt(row.refreshToken, 'whoop:refresh') : null;
  for (const token of [access, refresh]) if (token) seenTokens.add(token);
  return { row, access, refresh };
}

/** The nurse presses Connect: the provider's redirect back, as the browser would reach it. */
async function authorize(patientId: number, as = cookie) {
  const started = await call(
    'POST',
    `/api/patients/${patientId}/connect-vital-watch`,
    { watchType: 'whoop' },
    app,
    as,
  );
  expect(started.statusCode).toBe(200);
  const { redirect, authUrl } = started.json() as { redirect: boolean; authUrl: string };
  expect(redirect).toBe(true);
  return { authUrl: new URL(authUrl), landing: await followAuthorization(authUrl, REDIRECT_URI) };
}

async function callback(landing: URL, as = cookie) {
  const res = await call('GET', `/api/whoop/callback${landing.search}`, undefined, app, as);
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string, 'http://vigil.test');
}

let nextMember = 20_000;
/** A new WHOOP member with last night's recovery; the next authorizations sign in as them. */
function newMember(): number {
  const userId = nextMember++;
  api.world.addUser({ userId });
  api.world.addRecovery(userId);
  auth.signInAs(String(userId));
  return userId;
}

async function connectedPatient(name = 'Whoop Patient') {
  const member = newMember();
  const patient = await admitPatient(app, cookie, { name });
  const { landing } = await authorize(patient.id);
  const outcome = await callback(landing);
  expect(outcome.searchParams.get('outcome')).toBe('connected');
  // The first poll runs right after the callback; wait for it so later counts are ours.
  await expect
    .poll(async () => (await call('GET', `/api/patients/${patient.id}/wearable`)).json().lastSyncAt)
    .not.toBeNull()
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${logLines.filter((l) => l.includes('"level":40')).join('')}`);
    });
  return { patient, member };
}

describe('WHOOP availability', () => {
  it('is unavailable without configuration, and /api/config says so', async () => {
    const bare = await startInstance({ NODE_ENV: 'test', WEB_DIST: '/nonexistent-web-dist' });
    const { cookie: other } = await signUp(bare);
    expect((await call('GET', '/api/whoop/status', undefined, bare, other)).json()).toEqual({
      available: false,
    });
    expect((await call('GET', '/api/config', undefined, bare, other)).json().features.whoop).toBe(false);
    const patient = await admitPatient(bare, other);
    const res = await call(
      'POST',
      `/api/patients/${patient.id}/connect-vital-watch`,
      { watchType: 'whoop' },
      bare,
      other,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      "The wearable provider's API integration is not configured. Please contact support.",
    );
  });

  it('is available when configured', async () => {
    expect((await call('GET', '/api/whoop/status')).json()).toEqual({ available: true });
    expect((await call('GET', '/api/config')).json().features.whoop).toBe(true);
  });

  it('refuses a partial configuration naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WHOOP_CLIENT_ID: 'x' })).toThrow(/WHOOP_CLIENT_SECRET/);
    expect(() =>
      loadConfig(whoopEnv({ WHOOP_REDIRECT_URI: 'https://vigil.example.org/oauth/callback' })),
    ).toThrow(/WHOOP_REDIRECT_URI/);
    expect(() => loadConfig(whoopEnv({ TOKEN_ENCRYPTION_KEY: 'short' }))).toThrow(/TOKEN_ENCRYPTION_KEY/);
  });
});

describe('connecting a patient', () => {
  it('sends the browser to WHOOP with PKCE S256, a long state, the offline scope, and no secret', async () => {
    const patient = await admitPatient(app, cookie);
    const { authUrl } = await authorize(patient.id);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(auth.authorizationEndpoint);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')!.length).toBeGreaterThanOrEqual(8);
    expect(authUrl.searchParams.get('scope')!.split(' ')).toContain('offline');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(authUrl.href).not.toContain(auth.clientSecret);
  });

  it('connects through the callback and brings WHOOP readings onto the record, never blood pressure', async () => {
    const exchanges = auth.counters.codeExchanges;
    const { patient, member } = await connectedPatient();
    expect(auth.counters.codeExchanges).toBe(exchanges + 1);

    const { row, access, refresh } = await storedConnection(patient.id);
    expect(row.state).toBe('connected');
    expect(row.providerUserId).toBe(String(member));
    // Encrypted at rest: the stored values are not the tokens.
    expect(row.accessToken).not.toContain(access!);
    expect(row.refreshToken).not.toContain(refresh!);
    expect(await auth.inspectAccessToken(access!)).toMatchObject({ accountId: String(member) });

    const record = (await call('GET', `/api/patients/${patient.id}`)).json();
    expect(record).toMatchObject({
      hasVitalWatch: true,
      vitalWatchType: 'WHOOP',
      vitalWatchConnected: true,
      // Last night's reading is older than the admission: it joins the history, not the record.
      pulse: 80,
      oxygenLevel: 97,
      systolicBP: 120,
      diastolicBP: 80,
    });
    // The wearable's readings: the admission's set is the patient's other reading.
    const readings = (await call('GET', `/api/patients/${patient.id}/readings`))
      .json()
      .readings.filter((r: { provenance: string }) => r.provenance !== 'observation');
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({
      provenance: 'wearable-summary',
      windowStart: expect.any(String),
      windowEnd: expect.any(String),
      connectionType: 'WHOOP API',
      deviceName: 'WHOOP Device',
      heartRate: 52,
      oxygenLevel: 96,
      systolicBP: null,
      diastolicBP: null,
      // Skin temperature is a reading of its own (33.7 °C = 92.7 °F), never core temperature (decision 011).
      temperature: null,
      skinTemperature: 927,
    });

    const data = await call('GET', `/api/patients/${patient.id}/vital-watch-data`);
    expect(data.statusCode).toBe(200);
    expect(data.json()).toEqual({
      heartRate: 52,
      oxygenLevel: 96,
      temperature: null,
      bloodPressure: { systolic: null, diastolic: null },
      readingTime: readings[0].readingTime,
      deviceInfo: {
        name: 'WHOOP Device',
        batteryLevel: null,
        connectionType: 'WHOOP API',
        isTargetDevice: true,
      },
      recoveryScore: 64,
      strain: 9.4,
      skinTempCelsius: 33.7,
    });
    // The second poll fetches from the newest cycle on, not the whole history, and stores nothing twice.
    api.requests.length = 0;
    expect((await call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`)).statusCode).toBe(200);
    const cycleQuery = api.requests.find((r) => r.path === '/v2/cycle')!.query;
    expect(cycleQuery.start).toBe(api.world.user(member).cycles.at(-1)!.start);
    // Still the summary and the admission's set.
    expect((await call('GET', `/api/patients/${patient.id}/readings`)).json().readings).toHaveLength(2);
  });

  it('brings only the last day of a new member’s history onto the record', async () => {
    const userId = nextMember++;
    api.world.addUser({ userId });
    api.world.addRecovery(userId, { sleepStart: new Date(Date.now() - 3 * 86_400_000) });
    api.world.addRecovery(userId, { sleepStart: new Date(Date.now() - 8 * 3_600_000) });
    auth.signInAs(String(userId));
    const patient = await admitPatient(app, cookie, { name: 'Long History' });
    const { landing } = await authorize(patient.id);
    expect((await callback(landing)).searchParams.get('outcome')).toBe('connected');
    await expect
      .poll(async () => (await call('GET', `/api/patients/${patient.id}/wearable`)).json().lastSyncAt)
      .not.toBeNull();
    // The wearable's readings: the admission's set is the patient's other reading.
    const readings = (await call('GET', `/api/patients/${patient.id}/readings`))
      .json()
      .readings.filter((r: { provenance: string }) => r.provenance !== 'observation');
    expect(readings).toHaveLength(1);
    expect(Date.parse(readings[0].readingTime)).toBeGreaterThan(Date.now() - 86_400_000);
  });

  it('refuses a wrong state, a reused state and another session’s state without exchanging the code', async () => {
    newMember();
    const patient = await admitPatient(app, cookie);
    const exchanges = auth.counters.codeExchanges;

    const first = await authorize(patient.id);
    const forged = new URL(first.landing);
    forged.searchParams.set('state', `${first.landing.searchParams.get('state')}x`);
    expect((await callback(forged)).searchParams.get('error')).toBe('invalid_state');

    const second = await authorize(patient.id);
    expect((await callback(second.landing)).searchParams.get('outcome')).toBe('connected');
    const reused = await callback(second.landing);
    expect(reused.searchParams.get('error')).toBe('invalid_state');

    const { cookie: otherNurse } = await signUp(app);
    const third = await authorize(patient.id);
    expect((await callback(third.landing, otherNurse)).searchParams.get('error')).toBe('invalid_state');

    expect(auth.counters.codeExchanges).toBe(exchanges + 1);
    for (const outcome of [forged, second.landing]) expect(outcome.search).toContain('code=');
  });

  it('keeps a nurse’s pending authorization when another session submits its state', async () => {
    newMember();
    const patient = await admitPatient(app, cookie);
    const victim = await authorize(patient.id);
    const { cookie: attacker } = await signUp(app);
    expect((await callback(victim.landing, attacker)).searchParams.get('error')).toBe('invalid_state');
    // The nurse's own return from WHOOP still completes the authorization.
    expect((await callback(victim.landing)).searchParams.get('outcome')).toBe('connected');
  });

  it('passes only known error codes to the callback page, whatever the address carried', async () => {
    const patient = await admitPatient(app, cookie);
    const { landing } = await authorize(patient.id);
    const spoofed = new URL(landing);
    spoofed.searchParams.delete('code');
    spoofed.searchParams.set('error', 'Your session expired, call 555-0100 to restore access');
    const outcome = await callback(spoofed);
    expect(outcome.searchParams.get('error')).toBe('authorization_failed');
  });

  it('brings a denied consent to the callback page as error=access_denied', async () => {
    const patient = await admitPatient(app, cookie);
    auth.denyNextAuthorization();
    const { landing } = await authorize(patient.id);
    expect(landing.searchParams.get('error')).toBe('access_denied');
    const outcome = await callback(landing);
    expect(outcome.pathname).toBe('/oauth/callback');
    expect(outcome.searchParams.get('error')).toBe('access_denied');
    expect((await call('GET', `/api/patients/${patient.id}/wearable`)).json().state).toBe('none');
  });

  it('sends the outcome only: no code or token reaches the page', async () => {
    newMember();
    const patient = await admitPatient(app, cookie);
    const { landing } = await authorize(patient.id);
    const outcome = await callback(landing);
    expect([...outcome.searchParams.keys()].sort()).toEqual(['outcome', 'patientId']);
    const { access, refresh } = await storedConnection(patient.id);
    expect(outcome.href).not.toContain(landing.searchParams.get('code')!);
    expect(outcome.href).not.toContain(access!);
    expect(outcome.href).not.toContain(refresh!);
  });

  it('answers the spec’s errors for vital watch data', async () => {
    const none = await admitPatient(app, cookie);
    const noWatch = await call('GET', `/api/patients/${none.id}/vital-watch-data`);
    expect(noWatch.statusCode).toBe(400);
    expect(noWatch.json().error).toBe('No vital watch device assigned to this patient');
    const bluetooth = await admitPatient(app, cookie);
    await call('POST', '/api/device-links', {
      patientId: bluetooth.id,
      deviceId: 'ble-watch',
      connectionType: 'Bluetooth',
    });
    const notConnected = await call('GET', `/api/patients/${bluetooth.id}/vital-watch-data`);
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json()).toMatchObject({ connectFirst: true });
  });
});

describe('tokens', () => {
  it('refreshes an expired access token once while two instances poll', async () => {
    const { patient } = await connectedPatient('Two Instances');
    // On PostgreSQL the second instance has its own connection pool, as another process would.
    const own = db.database.connectionString
      ? await openDatabase({ databaseUrl: db.database.connectionString })
      : db.database;
    if (own !== db.database) closeAfter.push(() => own.close());
    const other = await startInstance(whoopEnv(), own);
    const before = await storedConnection(patient.id);
    auth.expireAccessTokens();
    const refreshes = auth.counters.refreshes;
    const tokenRequests = auth.counters.tokenRequests;
    const [a, b] = await Promise.all([
      call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`),
      call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`, undefined, other),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(auth.counters.refreshes).toBe(refreshes + 1);
    // The instance that waited for the lock used the stored token: the superseded refresh token, which
    // WHOOP would refuse with invalid_grant (and revoke the whole authorization for), was never sent.
    expect(auth.counters.tokenRequests).toBe(tokenRequests + 1);
    const after = await storedConnection(patient.id);
    expect(after.refresh).not.toBe(before.refresh);
    expect(after.row.state).toBe('connected');
  });

  /**
   * Makes WHOOP refuse the patient's stored refresh token (invalid_grant): the token is used
   * elsewhere (rotated away), so ours is dead at WHOOP; the next refresh finds it so.
   */
  async function refuseStoredRefreshToken(patientId: number) {
    const { refresh } = await storedConnection(patientId);
    const client = new oauth.Configuration(
      { issuer: auth.issuer, token_endpoint: auth.tokenEndpoint },
      auth.clientId,
      {},
      oauth.ClientSecretPost(auth.clientSecret),
    );
    oauth.allowInsecureRequests(client);
    const elsewhere = await oauth.refreshTokenGrant(client, refresh!, { scope: 'offline' });
    seenTokens.add(elsewhere.access_token);
    seenTokens.add(elsewhere.refresh_token!);
    auth.expireAccessTokens();
    const res = await call('POST', `/api/patients/${patientId}/vital-watch-data/refresh`);
    expect(res.statusCode).toBe(409);
    return res;
  }

  it('shows "reconnect needed" when WHOOP refuses the stored refresh token (invalid_grant)', async () => {
    const { patient } = await connectedPatient('Lost');
    const res = await refuseStoredRefreshToken(patient.id);
    expect(res.json()).toMatchObject({ code: 'RECONNECT_NEEDED', connectFirst: true });
    expect((await call('GET', `/api/patients/${patient.id}/wearable`)).json().state).toBe('reconnect_needed');
    expect((await call('GET', `/api/patients/${patient.id}`)).json().vitalWatchConnected).toBe(false);
    // The nurse can still end it: the tokens go, whatever WHOOP still accepts.
    const ended = await call('DELETE', `/api/patients/${patient.id}/vital-watch`);
    expect(ended.statusCode).toBe(200);
    expect((await storedConnection(patient.id)).row).toMatchObject({ accessToken: null, refreshToken: null });
  });

  it('raises a "WHOOP needs reconnecting" alert when WHOOP refuses us, resolved when the nurse reconnects', async () => {
    const { patient, member } = await connectedPatient('Reconnect Alert');
    const alertsOf = async () =>
      ((await call('GET', `/api/alerts?patientId=${patient.id}&state=all`)).json() as unknown[]).map((a) =>
        Alert.parse(a),
      );
    expect(await alertsOf()).toEqual([]);
    await refuseStoredRefreshToken(patient.id);
    const [raised, ...others] = await alertsOf();
    expect(others).toEqual([]);
    const link = (await call('GET', `/api/device-links?patientId=${patient.id}`)).json()[0];
    expect(raised).toMatchObject({
      kind: 'technical',
      condition: 'wearable-reconnect',
      priority: 'low',
      state: 'active',
      subject: String(link.id),
      message: 'WHOOP needs reconnecting: WHOOP Device',
    });
    expect(raised!.response).toMatch(/Reconnect the patient’s WHOOP/);
    // A second refusal is the same condition: still one alert.
    expect((await call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`)).statusCode).toBe(409);
    expect(await alertsOf()).toHaveLength(1);

    auth.signInAs(String(member));
    const { landing } = await authorize(patient.id);
    expect((await callback(landing)).searchParams.get('outcome')).toBe('connected');
    expect(await alertsOf()).toEqual([
      expect.objectContaining({ id: raised!.id, state: 'resolved', resolution: 'device linked again' }),
    ]);
    expect((await call('GET', `/api/patients/${patient.id}/wearable`)).json().state).toBe('connected');
  });

  it('keeps the connection when WHOOP’s token endpoint fails, and refreshes on the next try', async () => {
    const { patient } = await connectedPatient('Token Outage');
    auth.expireAccessTokens();
    auth.failNextTokenRequests(1, 500);
    const failed = await call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('WHOOP_UNAVAILABLE');
    expect((await storedConnection(patient.id)).row.state).toBe('connected');
    const refreshes = auth.counters.refreshes;
    expect((await call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`)).statusCode).toBe(200);
    expect(auth.counters.refreshes).toBe(refreshes + 1);
  });

  it('fails the exchange when the client secret is wrong', async () => {
    const wrong = await startInstance(whoopEnv({ WHOOP_CLIENT_SECRET: 'not-the-secret' }));
    const { cookie: nurse } = await signUp(wrong);
    const patient = await admitPatient(wrong, nurse);
    const started = await call(
      'POST',
      `/api/patients/${patient.id}/connect-vital-watch`,
      { watchType: 'whoop' },
      wrong,
      nurse,
    );
    const landing = await followAuthorization(started.json().authUrl, REDIRECT_URI);
    const res = await call('GET', `/api/whoop/callback${landing.search}`, undefined, wrong, nurse);
    expect(new URL(res.headers.location as string, 'http://x').searchParams.get('error')).toBe(
      'invalid_client',
    );
  });
});

describe('the poller', () => {
  it('brings a new recovery in by itself, fetching from the newest cycle on', async () => {
    const { patient, member } = await connectedPatient('Polled');
    api.world.addRecovery(member, {
      sleepStart: new Date(Date.now() - 2 * 3_600_000 - 5 * 60_000 + 1000),
      sleepDurationMs: 2 * 3_600_000,
      score: { resting_heart_rate: 61, spo2_percentage: 97.2 },
    });
    const poller = await startInstance(whoopEnv(), db.database, true);
    await expect
      .poll(async () => (await call('GET', `/api/patients/${patient.id}/readings`)).json().readings, {
        timeout: 10_000,
        interval: 250,
      })
      .toHaveLength(2);
    // A recovery summarises the night: history and wearable context, never the patient's present.
    const record = (await call('GET', `/api/patients/${patient.id}`)).json();
    expect(record).toMatchObject({ pulse: patient.pulse, oxygenLevel: patient.oxygenLevel });
    expect(record.news2).toEqual({
      ...patient.news2,
      stale: record.news2.stale,
      parameters: record.news2.parameters,
    });
    // Stopped here so that it sends nothing during the request counts below.
    apps.splice(apps.indexOf(poller), 1);
    await poller.close();
  });
});

describe('rate limits', () => {
  it('backs off after a 429 until its reset, sending nothing meanwhile', async () => {
    const { patient } = await connectedPatient('Rate Limited');
    const own = await startInstance();
    api.failNextRequests(1, 429);
    const first = await call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`, undefined, own);
    expect(first.statusCode).toBe(200);
    const sent = api.requests.length;
    const again = await call('POST', `/api/patients/${patient.id}/vital-watch-data/refresh`, undefined, own);
    expect(again.statusCode).toBe(200);
    expect(api.requests.length).toBe(sent);
    const { row } = await storedConnection(patient.id);
    expect(row.nextPollAt.getTime()).toBeGreaterThan(Date.now() + 1000);
  });
});

describe('webhooks', () => {
  const deliver = (body: string, headers: WhoopWebhookHeaders) =>
    app.inject({
      method: 'POST',
      url: '/api/whoop/webhook',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });

  it('takes a signed recovery.updated: sleep → cycle → recovery → a reading; refuses bad, stale and replayed', async () => {
    const { patient, member } = await connectedPatient('Webhook');
    // A nap that just ended, scored now: newer than the record's vitals.
    const { sleep } = api.world.addRecovery(member, {
      sleepStart: new Date(Date.now() - 2 * 3_600_000 - 5 * 60_000 + 1000),
      sleepDurationMs: 2 * 3_600_000,
      score: { resting_heart_rate: 58, spo2_percentage: 94.2 },
    });
    const body = JSON.stringify({ user_id: member, id: sleep.id, type: 'recovery.updated', trace_id: 't-1' });
    const now = Date.now();

    const bad = signWhoopWebhook('not-the-secret', body, now);
    expect((await deliver(body, bad)).statusCode).toBe(401);
    const stale = signWhoopWebhook(auth.clientSecret, body, now - 10 * 60_000);
    expect((await deliver(body, stale)).statusCode).toBe(401);
    const tampered = signWhoopWebhook(auth.clientSecret, body, now);
    expect((await deliver(body.replace('t-1', 't-2'), tampered)).statusCode).toBe(401);

    const good = signWhoopWebhook(auth.clientSecret, body, now + 1);
    expect((await deliver(body, good)).statusCode).toBe(204);
    expect((await deliver(body, good)).statusCode).toBe(409);

    // Re-encodings of the used signature decode (leniently) to the same bytes: none is a new delivery.
    const used = good['X-WHOOP-Signature'];
    const reencoded = [
      used.replace(/=+$/, ''),
      `${used}=`,
      `${used}junk`,
      `${used.slice(0, 10)} ${used.slice(10)}`,
      `${used.slice(0, 20)}\n${used.slice(20)}`,
      used.replaceAll('+', '-').replaceAll('/', '_'),
      ` ${used}`,
      `${used}.`,
    ];
    const accepted = [];
    for (const signature of reencoded) {
      const res = await deliver(body, { ...good, 'X-WHOOP-Signature': signature });
      if (res.statusCode < 300) accepted.push(signature);
    }
    console.log(`re-encoded replays accepted: ${accepted.length} of ${reencoded.length}`);
    expect(accepted).toEqual([]);

    const readings = (await call('GET', `/api/patients/${patient.id}/readings`)).json().readings;
    expect(readings[0]).toMatchObject({
      heartRate: 58,
      oxygenLevel: 94,
      temperature: null,
      skinTemperature: 927,
      connectionType: 'WHOOP API',
    });
    expect(readings[0]).toMatchObject({
      provenance: 'wearable-summary',
      windowStart: new Date(sleep.start).toISOString(),
      windowEnd: expect.any(String),
    });
    // A newer summary still describes last night: the record's values and NEWS2 stay as they were.
    const record = (await call('GET', `/api/patients/${patient.id}`)).json();
    expect(record).toMatchObject({
      pulse: patient.pulse,
      oxygenLevel: patient.oxygenLevel,
      temperature: patient.temperature,
    });
    expect(record.news2.total).toBe(patient.news2.total);
    expect(record.sources.pulse.provenance).toBe('observation');
  });
});

describe('disconnecting', () => {
  it('revokes the authorization at WHOOP and wipes the tokens', async () => {
    const { patient } = await connectedPatient('Disconnect');
    const { access, refresh } = await storedConnection(patient.id);
    const revocations = auth.counters.revocations;
    const res = await call('DELETE', `/api/patients/${patient.id}/vital-watch`);
    expect(res.statusCode).toBe(200);
    expect(auth.counters.revocations).toBe(revocations + 1);
    expect(res.json().state).toBe('none');
    expect(
      api.requests.some((r) => r.method === 'DELETE' && r.path === '/v2/user/access' && r.status === 204),
    ).toBe(true);
    expect(await auth.inspectAccessToken(access!)).toBeUndefined();
    const { row } = await storedConnection(patient.id);
    expect(row).toMatchObject({ accessToken: null, refreshToken: null });
    expect(row.endedAt).not.toBeNull();
    expect(row.endNote).toBe('tokens deleted; WHOOP revoked the authorization; refresh token revoked');
    expect(refresh).toBeTruthy();
    expect((await call('GET', `/api/patients/${patient.id}/vital-watch-data`)).json().error).toBe(
      'No vital watch device assigned to this patient',
    );
    // Connected again afterwards, the member's new authorization works.
    api.resetRateLimit();
  });
});

describe('secrets', () => {
  it('never sends an access or refresh token in an answer', () => {
    expect(answers.length).toBeGreaterThan(50);
    const all = answers.join('\n');
    for (const token of seenTokens) expect(all).not.toContain(token);
  });

  it('never writes an access or refresh token to the server log', async () => {
    expect(seenTokens.size).toBeGreaterThan(6);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(1000);
    expect(log).toContain('WHOOP connected');
    for (const token of seenTokens) expect(log).not.toContain(token);
    expect(log).not.toContain(auth.clientSecret);
  });
});
