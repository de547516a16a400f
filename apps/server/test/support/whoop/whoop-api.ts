import http from 'node:http';
import type { WhoopAuthorizationServer } from './authorization-server.ts';
import { collectionPage, type LastPageToken } from './collection-page.ts';
import { listenOnLoopback } from './loopback-server.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createWhoopWorld, type WhoopUser, type WhoopWorld } from './whoop-world.ts';

export interface WhoopApiOptions {
  /** Whose access tokens the API accepts. */
  authorizationServer: Pick<WhoopAuthorizationServer, 'accountId' | 'inspectAccessToken' | 'revokeAccess'>;
  /** Default: a new world holding one user, the authorization server's current account. */
  world?: WhoopWorld;
  /** WHOOP allows 100; lower it to meet the limit in a few requests. */
  requestsPerMinute?: number;
  requestsPerDay?: number;
  /** How the last page of a collection says there is no more (default: no next_token at all). */
  lastPageToken?: LastPageToken;
}

export interface WhoopApiRequest {
  method: string;
  /** After the base URL, e.g. /v2/cycle/93845/recovery. */
  path: string;
  query: Record<string, string>;
  status: number;
  /** The WHOOP user whose token it was, when the token was valid. */
  accountId?: string;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Route {
  method: 'GET' | 'DELETE';
  pattern: RegExp;
  /** The scope the access token must carry; none for revoking one's own access. */
  scope?: string;
  answer: (member: WhoopUser, id: string | undefined, query: URLSearchParams) => Answer | Promise<Answer>;
}

/** WHOOP's base URL is https://api.prod.whoop.com/developer; the emulator keeps the path. */
const BASE_PATH = '/developer';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An HTTP emulation of WHOOP's developer API v2 over a mutable world, on a loopback port. */
export async function startWhoopApi(options: WhoopApiOptions) {
  const { authorizationServer } = options;
  const world = options.world ?? createWhoopWorld();
  if (!options.world) world.addUser({ userId: Number(authorizationServer.accountId) });
  const lastPageToken = options.lastPageToken ?? 'absent';
  const limiter = createRateLimiter(options.requestsPerMinute ?? 100, options.requestsPerDay ?? 10_000);
  const faults: number[] = [];
  const requests: WhoopApiRequest[] = [];

  const page = <T>(
    records: T[],
    key: (record: T) => { startMs: number; id: string },
    query: URLSearchParams,
  ) => {
    const result = collectionPage(records, key, query, lastPageToken);
    return result.ok
      ? { status: 200, body: result.body }
      : { status: 400, body: { message: result.message } };
  };
  const byStart = (record: { start: string; id: string | number }) => ({
    startMs: Date.parse(record.start),
    id: typeof record.id === 'number' ? String(record.id).padStart(20, '0') : record.id,
  });
  const found = (record: unknown): Answer =>
    record ? { status: 200, body: record } : { status: 404, body: { message: 'Not found' } };

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/v2\/user\/profile\/basic$/,
      scope: 'read:profile',
      answer: (m) => found(m.profile),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/user\/measurement\/body$/,
      scope: 'read:body_measurement',
      answer: (m) => found(m.body),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/cycle$/,
      scope: 'read:cycles',
      answer: (m, _, q) => page(m.cycles, byStart, q),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/cycle\/([^/]+)\/recovery$/,
      scope: 'read:recovery',
      answer: (m, id) =>
        /^\d+$/.test(id ?? '')
          ? found(m.recoveries.find((recovery) => recovery.cycle_id === Number(id)))
          : { status: 400, body: { message: 'cycleId must be an integer' } },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/recovery$/,
      scope: 'read:recovery',
      answer: (m, _, q) => {
        const cycleStart = new Map(m.cycles.map((cycle) => [cycle.id, cycle.start]));
        return page(
          m.recoveries,
          (r) => byStart({ start: cycleStart.get(r.cycle_id) ?? r.created_at, id: r.cycle_id }),
          q,
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/activity\/sleep$/,
      scope: 'read:sleep',
      answer: (m, _, q) => page(m.sleeps, byStart, q),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/activity\/sleep\/([^/]+)$/,
      scope: 'read:sleep',
      answer: (m, id) =>
        UUID.test(id ?? '')
          ? found(m.sleeps.find((sleep) => sleep.id === id))
          : { status: 400, body: { message: 'sleepId must be a UUID' } },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/activity\/workout$/,
      scope: 'read:workout',
      answer: (m, _, q) => page(m.workouts, byStart, q),
    },
    {
      method: 'DELETE',
      pattern: /^\/v2\/user\/access$/,
      answer: (m) => {
        authorizationServer.revokeAccess(String(m.profile.user_id));
        return { status: 204 };
      },
    },
  ];

  async function answer(
    req: http.IncomingMessage,
    path: string,
    query: URLSearchParams,
    log: WhoopApiRequest,
  ): Promise<Answer> {
    const route = routes.find((r) => r.method === req.method && r.pattern.test(path));
    if (!route) return { status: 404, body: { message: 'Not found' } };
    const fault = faults.shift();
    if (fault !== undefined) {
      return {
        status: fault,
        headers: { ...limiter.peek(), 'X-RateLimit-Remaining': '0' },
        body: { message: 'Injected' },
      };
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? await authorizationServer.inspectAccessToken(bearer) : undefined;
    if (!token) {
      return {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        body: { message: 'Unauthorized' },
      };
    }
    log.accountId = token.accountId;
    const { allowed, headers } = limiter.take();
    if (!allowed) return { status: 429, headers, body: { message: 'Too Many Requests' } };
    // WHOOP's API documents 401 (not 403) for a token it will not honour.
    if (route.scope && !token.scopes.includes(route.scope)) {
      return { status: 401, headers, body: { message: `The access token lacks the ${route.scope} scope` } };
    }
    const member = world.users.get(Number(token.accountId));
    if (!member) {
      const message = `the WHOOP harness world has no user ${token.accountId}: add one with world.addUser()`;
      return { status: 500, headers, body: { message } };
    }
    const result = await route.answer(member, route.pattern.exec(path)?.[1], query);
    return { ...result, headers: { ...headers, ...result.headers } };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.startsWith(`${BASE_PATH}/`)
      ? url.pathname.slice(BASE_PATH.length)
      : url.pathname;
    const log: WhoopApiRequest = {
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      status: 0,
    };
    answer(req, path, url.searchParams, log)
      .catch((error: Error): Answer => ({ status: 500, body: { message: error.message } }))
      .then((result: Answer) => {
        log.status = result.status;
        requests.push(log);
        const body = result.body === undefined ? '' : JSON.stringify(result.body);
        const type: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
        res.writeHead(result.status, { ...type, ...result.headers }).end(body);
      });
  });
  const { origin, close } = await listenOnLoopback(server);

  return {
    baseUrl: `${origin}${BASE_PATH}`,
    world,
    /** Every request answered, oldest first; clear it with `requests.length = 0`. */
    requests,
    /** The next `count` requests answer `status` (with the rate-limit headers, none remaining). */
    failNextRequests(count: number, status: 429 | 500 = 429) {
      for (let i = 0; i < count; i += 1) faults.push(status);
    },
    resetRateLimit: limiter.reset,
    close,
  };
}

export type WhoopApi = Awaited<ReturnType<typeof startWhoopApi>>;
