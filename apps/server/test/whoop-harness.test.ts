import { randomUUID } from 'node:crypto';
import http from 'node:http';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWhoopAuthorizationServer,
  type WhoopAuthorizationServer,
} from './support/whoop/authorization-server.ts';
import { followAuthorization } from './support/whoop/follow-authorization.ts';
import { listenOnLoopback } from './support/whoop/loopback-server.ts';
import { sendWhoopWebhook, signWhoopWebhook } from './support/whoop/webhook.ts';
import { startWhoopApi, type WhoopApi } from './support/whoop/whoop-api.ts';
import type { WhoopCycle, WhoopRecovery, WhoopSleep } from './support/whoop/whoop-records.ts';

// The harness must refuse what WHOOP refuses, or a product test passing against it proves nothing. These drive
// it as the product will: openid-client for the client side, plain fetch for the browser's redirects.

// Nothing listens here: followAuthorization stops when a redirect reaches it.
const REDIRECT_URI = 'http://127.0.0.1:4999/api/whoop/callback';

let auth: WhoopAuthorizationServer;
let api: WhoopApi;
let client: oauth.Configuration;

beforeAll(async () => {
  auth = await startWhoopAuthorizationServer({ redirectUris: [REDIRECT_URI] });
  api = await startWhoopApi({ authorizationServer: auth });
  client = configurationFor(oauth.ClientSecretPost(auth.clientSecret));
});
afterAll(async () => {
  await api?.close();
  await auth?.close();
});

function configurationFor(clientAuth: oauth.ClientAuth, server = auth) {
  const metadata = {
    issuer: server.issuer,
    authorization_endpoint: server.authorizationEndpoint,
    token_endpoint: server.tokenEndpoint,
    revocation_endpoint: server.revocationEndpoint,
  };
  const configuration = new oauth.Configuration(metadata, server.clientId, {}, clientAuth);
  oauth.allowInsecureRequests(configuration); // loopback http only
  return configuration;
}

/** Starts an authorization the way the product will; `overrides` replace (or, when undefined, drop) parameters. */
async function authorize(overrides: Record<string, string | undefined> = {}, config = client) {
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const parameters: Record<string, string | undefined> = {
    redirect_uri: REDIRECT_URI,
    scope: auth.scopes.join(' '),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  const defined = Object.entries(parameters).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const url = oauth.buildAuthorizationUrl(config, Object.fromEntries(defined));
  return { callback: await followAuthorization(url, REDIRECT_URI), verifier, state: parameters.state };
}

async function connect(overrides: Record<string, string | undefined> = {}, config = client) {
  const { callback, verifier, state } = await authorize(overrides, config);
  const tokens = await oauth.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens, refreshToken: tokens.refresh_token!, accessToken: tokens.access_token };
}

type Page<T> = { records: T[]; next_token?: string | null };

const whoop = (path: string, accessToken?: string, target: WhoopApi = api) =>
  fetch(`${target.baseUrl}${path}`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });

describe('authorization code flow', () => {
  it('issues an access token and a refresh token for the WHOOP scopes, bound to the signed-in user', async () => {
    const exchanges = auth.counters.codeExchanges;
    const { callback, verifier, state } = await authorize();
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await oauth.authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: auth.scopes.join(' ') });
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(await auth.inspectAccessToken(tokens.access_token)).toMatchObject({
      accountId: '10129',
      clientId: auth.clientId,
      scopes: auth.scopes,
    });
    expect(auth.counters.codeExchanges).toBe(exchanges + 1);
  });

  it('gives no refresh token without the offline scope', async () => {
    const { tokens } = await connect({ scope: 'read:recovery read:sleep' });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope).toBe('read:recovery read:sleep');
  });

  it('refuses a code redeemed with the wrong PKCE verifier', async () => {
    const { callback, state } = await authorize();
    const wrong = oauth.randomPKCECodeVerifier();
    await expect(
      oauth.authorizationCodeGrant(client, callback, { pkceCodeVerifier: wrong, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it.each([
    ['no code_challenge', { code_challenge: undefined, code_challenge_method: undefined }],
    ['the plain method', { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }],
  ])('sends the browser back with invalid_request for %s', async (_, overrides) => {
    const { callback } = await authorize(overrides);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('sends invalid_state back for a state under 8 characters, and accepts 8', async () => {
    const short = await authorize({ state: 'abcdefg' });
    expect(short.callback.searchParams.get('error')).toBe('invalid_state');
    expect(short.callback.searchParams.get('state')).toBe('abcdefg');
    expect((await authorize({ state: undefined })).callback.searchParams.get('error')).toBe('invalid_state');
    const enough = await authorize({ state: 'abcdefgh' });
    expect(enough.callback.searchParams.get('code')).toEqual(expect.any(String));
  });

  it.each([['openid read:recovery'], ['read:recovery read:everything']])(
    'sends invalid_scope back for a scope WHOOP does not have: %s',
    async (scope) => {
      const { callback } = await authorize({ scope });
      expect(callback.searchParams.get('error')).toBe('invalid_scope');
    },
  );

  it('never redirects to a redirect URI that is not registered exactly (another port)', async () => {
    await expect(authorize({ redirect_uri: 'http://127.0.0.1:5000/api/whoop/callback' })).rejects.toThrow(
      /stopped at \/oauth\/oauth2\/auth with 400: .*redirect_uri did not match/,
    );
  });

  it('accepts a redirect URI registered after it started', async () => {
    const later = 'http://127.0.0.1:5001/api/whoop/callback';
    await expect(authorize({ redirect_uri: later })).rejects.toThrow(/redirect_uri did not match/);
    auth.allowRedirectUri(later);
    const verifier = oauth.randomPKCECodeVerifier();
    const url = oauth.buildAuthorizationUrl(client, {
      redirect_uri: later,
      scope: 'read:recovery',
      state: oauth.randomState(),
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect((await followAuthorization(url, later)).searchParams.get('code')).toEqual(expect.any(String));
  });

  it('sends access_denied back when the user declines, once', async () => {
    auth.denyNextAuthorization();
    const { callback, state } = await authorize();
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({ error: 'access_denied', state });
    expect(callback.searchParams.get('code')).toBeNull();
    expect((await authorize()).callback.searchParams.get('code')).toEqual(expect.any(String));
  });
});

describe('token endpoint', () => {
  it('refuses a wrong client secret with invalid_client', async () => {
    const { callback, verifier, state } = await authorize();
    const impostor = configurationFor(oauth.ClientSecretPost('not-the-secret'));
    await expect(
      oauth.authorizationCodeGrant(impostor, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
  });

  it('refuses the right secret sent with Basic auth', async () => {
    const { callback, verifier, state } = await authorize();
    const basic = configurationFor(oauth.ClientSecretBasic(auth.clientSecret));
    await expect(
      oauth.authorizationCodeGrant(basic, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
  });

  it('refuses a reused authorization code and revokes what the first use issued', async () => {
    const { callback, verifier, state } = await authorize();
    const checks = { pkceCodeVerifier: verifier, expectedState: state };
    const first = await oauth.authorizationCodeGrant(client, callback, checks);
    await expect(oauth.authorizationCodeGrant(client, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await auth.inspectAccessToken(first.access_token)).toBeUndefined();
  });

  it('rotates the refresh token, keeps the scopes with scope=offline, and ends the chain on reuse', async () => {
    const { refreshToken, accessToken } = await connect();
    const refreshed = await oauth.refreshTokenGrant(client, refreshToken, { scope: 'offline' });
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(refreshToken);
    expect((await auth.inspectAccessToken(refreshed.access_token))?.scopes).toEqual(auth.scopes);
    expect(await auth.inspectAccessToken(accessToken)).toBeUndefined(); // the earlier access token is revoked

    await expect(oauth.refreshTokenGrant(client, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reuse of a rotated token is treated as theft: the newest refresh token dies with it.
    await expect(oauth.refreshTokenGrant(client, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('answers the injected 429s and 500s, then recovers', async () => {
    const { refreshToken } = await connect();
    const before = auth.counters.tokenRequests;
    auth.failNextTokenRequests(1, 429);
    auth.failNextTokenRequests(1, 500);
    await expect(oauth.refreshTokenGrant(client, refreshToken)).rejects.toMatchObject({ status: 429 });
    // oauth4webapi reads an OAuth error body from 4xx answers only: a 5xx is a ClientError holding the response.
    await expect(oauth.refreshTokenGrant(client, refreshToken)).rejects.toMatchObject({
      code: 'OAUTH_RESPONSE_IS_NOT_CONFORM',
      cause: { status: 500 },
    });
    await expect(oauth.refreshTokenGrant(client, refreshToken)).resolves.toMatchObject({
      token_type: 'bearer',
    });
    expect(auth.counters.tokenRequests).toBe(before + 3);
  });

  it('revokes a refresh token with its access tokens at the revocation endpoint', async () => {
    const { refreshToken, accessToken } = await connect();
    const revocations = auth.counters.revocations;
    await oauth.tokenRevocation(client, refreshToken);
    expect(auth.counters.revocations).toBe(revocations + 1);
    await expect(oauth.refreshTokenGrant(client, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await whoop('/v2/user/profile/basic', accessToken)).status).toBe(401);
  });
});

describe('WHOOP API', () => {
  it('serves the signed-in user with a valid token and answers 401 without one', async () => {
    const { accessToken } = await connect();
    const res = await whoop('/v2/user/profile/basic', accessToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user_id: 10129, email: expect.any(String) });
    expect((await whoop('/v2/user/measurement/body', accessToken)).status).toBe(200);
    expect((await whoop('/v2/user/profile/basic')).status).toBe(401);
    expect((await whoop('/v2/user/profile/basic', 'made-up-token')).status).toBe(401);
  });

  it('answers 401 to an expired access token, and serves again after a refresh', async () => {
    const { accessToken, refreshToken } = await connect();
    expect(auth.expireAccessTokens()).toBeGreaterThan(0);
    const res = await whoop('/v2/cycle', accessToken);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const refreshed = await oauth.refreshTokenGrant(client, refreshToken, { scope: 'offline' });
    expect((await whoop('/v2/cycle', refreshed.access_token)).status).toBe(200);
  });

  it('gives access tokens the configured lifetime', async () => {
    const short = await startWhoopAuthorizationServer({
      redirectUris: [REDIRECT_URI],
      accessTokenTtlSeconds: 60,
    });
    try {
      const { tokens } = await connect(
        {},
        configurationFor(oauth.ClientSecretPost(short.clientSecret), short),
      );
      expect(tokens.expires_in).toBe(60);
      const info = await short.inspectAccessToken(tokens.access_token);
      expect((info!.expiresAt.getTime() - Date.now()) / 1000).toBeCloseTo(60, -1);
    } finally {
      await short.close();
    }
  });

  it('honours only the scopes the token carries', async () => {
    const { accessToken } = await connect({ scope: 'read:recovery' });
    expect((await whoop('/v2/recovery', accessToken)).status).toBe(200);
    expect((await whoop('/v2/activity/sleep', accessToken)).status).toBe(401);
  });

  it('pages collections newest first with next_token, and refuses a limit over 25', async () => {
    const member = api.world.addUser();
    auth.signInAs(String(member.profile.user_id));
    const { accessToken } = await connect().finally(() => auth.signInAs('10129'));
    const first = Date.parse('2026-01-01T22:00:00.000Z');
    for (let night = 0; night < 30; night += 1) {
      api.world.addRecovery(member.profile.user_id, { sleepStart: new Date(first + night * 86_400_000) });
    }
    const page1 = (await (await whoop('/v2/cycle?limit=25', accessToken)).json()) as Page<WhoopCycle>;
    expect(page1.records).toHaveLength(25);
    expect(page1.next_token).toEqual(expect.any(String));
    const next = await whoop(`/v2/cycle?limit=25&nextToken=${page1.next_token}`, accessToken);
    const page2 = (await next.json()) as Page<WhoopCycle>;
    expect(page2.records).toHaveLength(5);
    expect(page2).not.toHaveProperty('next_token');
    const starts = [...page1.records, ...page2.records].map((cycle) => cycle.start);
    expect(starts).toEqual(member.cycles.map((cycle) => cycle.start).reverse()); // all 30, newest first, once

    const window = await whoop(
      '/v2/recovery?start=2026-01-10T00:00:00.000Z&end=2026-01-12T00:00:00.000Z',
      accessToken,
    );
    expect(((await window.json()) as Page<WhoopRecovery>).records).toHaveLength(2);
    expect((await whoop('/v2/cycle?limit=26', accessToken)).status).toBe(400);
    expect((await whoop('/v2/activity/sleep?nextToken=garbage', accessToken)).status).toBe(400);
  });

  it('answers the recovery-webhook lookup chain: sleep by UUID, its cycle_id, the cycle’s recovery', async () => {
    const { accessToken } = await connect();
    const { sleep, recovery } = api.world.addRecovery(10129, { score: { recovery_score: 33 } });
    api.requests.length = 0;

    const fetched = (await (await whoop(`/v2/activity/sleep/${sleep.id}`, accessToken)).json()) as WhoopSleep;
    const res = await whoop(`/v2/cycle/${fetched.cycle_id}/recovery`, accessToken);
    expect(await res.json()).toEqual(recovery);
    expect(recovery).toMatchObject({
      sleep_id: sleep.id,
      score_state: 'SCORED',
      score: { recovery_score: 33 },
    });
    expect(api.requests.map(({ path, status }) => `${status} ${path}`)).toEqual([
      `200 /v2/activity/sleep/${sleep.id}`,
      `200 /v2/cycle/${sleep.cycle_id}/recovery`,
    ]);
    expect((await whoop(`/v2/activity/sleep/${randomUUID()}`, accessToken)).status).toBe(404);
    expect((await whoop('/v2/cycle/1/recovery', accessToken)).status).toBe(404);
  });

  it('answers injected 429s with the rate-limit headers', async () => {
    const { accessToken } = await connect();
    api.failNextRequests(1);
    const res = await whoop('/v2/cycle', accessToken);
    expect(res.status).toBe(429);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100, 100;window=60, 10000;window=86400');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await whoop('/v2/cycle', accessToken)).status).toBe(200);
  });

  it('enforces the per-minute limit with 429 and counts down in the headers', async () => {
    const limited = await startWhoopApi({ authorizationServer: auth, requestsPerMinute: 3 });
    try {
      const { accessToken } = await connect();
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await whoop('/v2/cycle', accessToken, limited));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((res) => res.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
      expect(answers[3]!.headers.get('x-ratelimit-limit')).toBe('3, 3;window=60, 10000;window=86400');
      const reset = Number(answers[3]!.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });

  it('revokes the user’s access on DELETE /v2/user/access', async () => {
    const { accessToken, refreshToken } = await connect();
    const res = await fetch(`${api.baseUrl}/v2/user/access`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(204);
    expect((await whoop('/v2/cycle', accessToken)).status).toBe(401);
    await expect(oauth.refreshTokenGrant(client, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('webhooks', () => {
  const secret = 'whoop-client-secret';
  const body = JSON.stringify({
    user_id: 10129,
    id: randomUUID(),
    type: 'recovery.updated',
    trace_id: 'trace-1',
  });

  it('signs as WHOOP documents: base64 HMAC-SHA256 of timestamp + body with the client secret', async () => {
    // Computed with WebCrypto, not node:crypto's createHmac that the helper uses.
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`1767225600000${body}`));
    expect(signWhoopWebhook(secret, body, 1767225600000)).toEqual({
      'X-WHOOP-Signature': Buffer.from(mac).toString('base64'),
      'X-WHOOP-Signature-Timestamp': '1767225600000',
    });
    expect(signWhoopWebhook(secret, body, 1767225600001)['X-WHOOP-Signature']).not.toBe(
      Buffer.from(mac).toString('base64'),
    );
  });

  it('posts the event as JSON with the headers, and a tampered body no longer matches them', async () => {
    const received: { body: string; signature: string; timestamp: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        const signature = String(req.headers['x-whoop-signature']);
        received.push({
          body: raw,
          signature,
          timestamp: String(req.headers['x-whoop-signature-timestamp']),
        });
        res.writeHead(204).end();
      });
    });
    const { origin, close } = await listenOnLoopback(receiver);
    try {
      const event = {
        user_id: 10129,
        id: randomUUID(),
        type: 'recovery.updated',
        trace_id: 'trace-2',
      } as const;
      expect((await sendWhoopWebhook(`${origin}/hook`, secret, event, { timestampMs: 42 })).status).toBe(204);
      await sendWhoopWebhook(`${origin}/hook`, secret, event, { tamper: true });
      const [honest, forged] = received;
      expect(JSON.parse(honest!.body)).toEqual(event);
      expect(honest!.timestamp).toBe('42');
      const verifies = (r: typeof honest) =>
        signWhoopWebhook(secret, r!.body, Number(r!.timestamp))['X-WHOOP-Signature'] === r!.signature;
      expect(verifies(honest)).toBe(true);
      expect(verifies(forged)).toBe(false);
    } finally {
      await close();
    }
  });
});
