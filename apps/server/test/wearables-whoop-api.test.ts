import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { createWhoopApi, WhoopRateLimited, WhoopUnauthorized } from '../src/modules/wearables/whoop-api.ts';
import {
  startWhoopAuthorizationServer,
  type WhoopAuthorizationServer,
} from './support/whoop/authorization-server.ts';
import { followAuthorization } from './support/whoop/follow-authorization.ts';
import { startWhoopApi, type WhoopApi } from './support/whoop/whoop-api.ts';

// The WHOOP API client against the emulator: our own share of WHOOP's limits, its 429s, paging.

const REDIRECT_URI = 'http://127.0.0.1:4999/api/whoop/callback';
let auth: WhoopAuthorizationServer;
let whoop: WhoopApi;
let token: string;

beforeAll(async () => {
  auth = await startWhoopAuthorizationServer({ redirectUris: [REDIRECT_URI] });
  whoop = await startWhoopApi({ authorizationServer: auth, lastPageToken: 'empty' });
  for (let night = 0; night < 30; night += 1) {
    whoop.world.addRecovery(10129, { sleepStart: new Date(Date.now() - (31 - night) * 86_400_000) });
  }
  const config = new oauth.Configuration(
    {
      issuer: auth.issuer,
      authorization_endpoint: auth.authorizationEndpoint,
      token_endpoint: auth.tokenEndpoint,
    },
    auth.clientId,
    {},
    oauth.ClientSecretPost(auth.clientSecret),
  );
  oauth.allowInsecureRequests(config);
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: auth.scopes.join(' '),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const landing = await followAuthorization(url, REDIRECT_URI);
  token = (
    await oauth.authorizationCodeGrant(config, landing, { pkceCodeVerifier: verifier, expectedState: state })
  ).access_token;
});
afterAll(async () => {
  await whoop?.close();
  await auth?.close();
});

describe('WHOOP API client', () => {
  it('follows next_token across pages and fetches only from `start` on', async () => {
    const api = createWhoopApi({
      baseUrl: whoop.baseUrl,
      clock: manualClock(new Date()),
      requestsPerMinute: 100,
      requestsPerDay: 10_000,
    });
    expect(await api.recoveries(token, null)).toHaveLength(30);
    const cycles = whoop.world.user(10129).cycles;
    const since = new Date(cycles.at(-3)!.start);
    whoop.requests.length = 0;
    expect(await api.cycles(token, since)).toHaveLength(3);
    expect(whoop.requests).toHaveLength(1);
    expect(whoop.requests[0]!.query.start).toBe(since.toISOString());
  });

  it('keeps to its share of the per-minute limit without sending, and opens again a minute later', async () => {
    const clock = manualClock(new Date());
    const api = createWhoopApi({
      baseUrl: whoop.baseUrl,
      clock,
      requestsPerMinute: 3,
      requestsPerDay: 10_000,
    });
    for (let i = 0; i < 3; i += 1) await api.profile(token);
    whoop.requests.length = 0;
    await expect(api.profile(token)).rejects.toBeInstanceOf(WhoopRateLimited);
    expect(whoop.requests).toHaveLength(0);
    clock.advance(60_000);
    expect(await api.profile(token)).toMatchObject({ user_id: 10129 });
  });

  it('waits out a 429 for its X-RateLimit-Reset, sending nothing meanwhile', async () => {
    const clock = manualClock(new Date());
    const api = createWhoopApi({
      baseUrl: whoop.baseUrl,
      clock,
      requestsPerMinute: 100,
      requestsPerDay: 10_000,
    });
    whoop.failNextRequests(1, 429);
    const error = await api.profile(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhoopRateLimited);
    const waitMs = (error as WhoopRateLimited).retryAfterMs;
    expect(waitMs).toBeGreaterThan(0);
    whoop.requests.length = 0;
    await expect(api.profile(token)).rejects.toBeInstanceOf(WhoopRateLimited);
    expect(whoop.requests).toHaveLength(0);
    clock.advance(waitMs);
    expect(await api.profile(token)).toMatchObject({ user_id: 10129 });
  });

  it('tells a refused token apart', async () => {
    const api = createWhoopApi({
      baseUrl: whoop.baseUrl,
      clock: manualClock(new Date()),
      requestsPerMinute: 100,
      requestsPerDay: 10_000,
    });
    await expect(api.profile('not-a-token')).rejects.toBeInstanceOf(WhoopUnauthorized);
  });
});
