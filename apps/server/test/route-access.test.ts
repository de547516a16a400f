import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { access } from '../src/plugins/access.ts';
import type { RouteTableEntry } from '../src/plugins/route-table.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers.ts';
import { costRatio } from './support/cpu-budget.ts';
import { signUp, signUpAs } from './support/factories.ts';
import { rawRequest } from './support/raw-http.ts';

/**
 * Authorization is decided by the route the router matched, never by the text of the URL. Every
 * protected route is sent in the forms a router decodes or a client writes oddly; each must answer
 * 401 (matched, refused) or 404 (not a route), never 2xx and never 5xx.
 */
let t: TestApp;
let port: number;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The URL of a route with its parameters filled in. */
const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

/**
 * Ways to write the same path that a router decodes, a proxy normalises or a client sends, for a
 * route under /api or /fhir ("root").
 */
function oddForms(path: string): string[] {
  const root = path.split('/')[1]!; // "api", "fhir"
  const rest = path.slice(root.length + 1); // "/patients/1"
  const segments = rest.split('/').filter(Boolean);
  const [first = '', ...others] = segments;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const encodeFirst = (s: string) => `${hex(s)}${s.slice(1)}`;
  return [
    `/${hex(root)}${root.slice(1)}${rest}`,
    `/${root[0]}${hex(root[1]!)}${root.slice(2)}${rest}`,
    `/${[...root].map(hex).join('')}${rest}`,
    `/${[...root.toUpperCase()].map(hex).join('')}${rest}`,
    `/${root.toUpperCase()}${rest}`,
    `/${root[0]!.toUpperCase()}${root.slice(1)}${rest}`,
    `//${root}${rest}`,
    `/${root}/${encodeFirst(first)}${others.length ? `/${others.join('/')}` : ''}`,
    `/${root}/.${rest}`,
    `/./${root}${rest}`,
    `/${root}/x/..${rest}`,
    `/${root}/%2e${rest}`,
    `/${root}%2F${rest.slice(1)}`,
    `/${root}/${segments.join('%2F')}`,
    `/${root}%2f${rest.slice(1)}`,
    `http://127.0.0.1:${port}${path}`,
    `http://evil.example${path}`,
    `${path}?`,
    `${path}?x=1&x=2`,
    `${path};x=1`,
    `/${root};x=1${rest}`,
    `${path}/`,
    `${path}%20`,
  ];
}

function send(method: string, target: string, headers: Record<string, string> = {}) {
  return rawRequest(port, method, target, {
    headers: STATE_CHANGING.has(method) ? { 'content-type': 'application/json', ...headers } : headers,
    ...(STATE_CHANGING.has(method) ? { body: '{}' } : {}),
  });
}

describe('the route table', () => {
  it('has every route declare its access, and only sign-in, registration, health, readiness and the FHIR discovery and token endpoints are public', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(30);
    for (const route of t.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const open = t.app.routeTable
      .filter((r) => r.access?.kind === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([
      'GET /api/health',
      // A load balancer's health check (decision 032).
      'GET /api/ready',
      'GET /api/register',
      // FHIR: what the server supports, and how a system gets a token (SMART Backend Services).
      'GET /fhir/R4/.well-known/smart-configuration',
      'GET /fhir/R4/metadata',
      'HEAD /api/health',
      'HEAD /api/ready',
      'HEAD /api/register',
      'HEAD /fhir/R4/.well-known/smart-configuration',
      'HEAD /fhir/R4/metadata',
      'POST /api/login',
      'POST /api/register',
      'POST /fhir/R4/auth/token',
    ]);
    for (const route of t.app.routeTable.filter((r) => r.access?.kind === 'asset')) {
      expect(route.url.startsWith('/api'), route.url).toBe(false);
    }
  });

  it('refuses to start when a route declares no access', async () => {
    const { database, drop } = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
    });
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/declare who may call it.*GET \/api\/forgotten/);
    await app.close().catch(() => {});
    await drop();
  });

  it('refuses to start when a route that reads patients does not say what it reads', async () => {
    const { database, drop } = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
    });
    app.get(
      '/api/patients/:id/unaudited',
      { config: { access: access.user('patients:read') } },
      async () => ({}),
    );
    await expect(app.ready()).rejects.toThrow(/declare what it reads.*GET \/api\/patients\/:id\/unaudited/);
    await app.close().catch(() => {});
    await drop();
  });
});

describe('protected routes in odd URL forms', () => {
  const protectedRoutes = () =>
    t.app.routeTable.filter((r) => r.access?.kind === 'user' || r.access?.kind === 'token');

  /**
   * How a route refuses a request without a session: 401, or, for a page a provider sends the browser
   * back to, a 303 to its fixed app page (never to anything taken from the request).
   */
  const refused = (route: RouteTableEntry, res: { status: number; headers: Record<string, unknown> }) => {
    const redirect = route.access?.kind === 'user' ? route.access.signedOutRedirect : undefined;
    return redirect ? res.status === 303 && res.headers.location === redirect : res.status === 401;
  };

  it('answer 401 in their plain form without a session', async () => {
    let redirects = 0;
    for (const route of protectedRoutes()) {
      const res = await send(route.method, concrete(route.url));
      expect(refused(route, res), `${route.method} ${route.url} answered ${res.status}`).toBe(true);
      if (res.status === 303) redirects++;
    }
    // The WHOOP callback (GET and HEAD): the browser lands on the callback page, which says why.
    expect(redirects).toBe(2);
  });

  it('answer 401 or 404, never 2xx or 5xx, in every encoded and odd form', async () => {
    const seen: string[] = [];
    for (const route of protectedRoutes()) {
      for (const target of oddForms(concrete(route.url))) {
        const res = await send(route.method, target);
        seen.push(`${route.method} ${target} → ${res.status}`);
        expect(
          res.status === 404 || refused(route, res),
          `${route.method} ${target} answered ${res.status}: ${res.body.slice(0, 120)}`,
        ).toBe(true);
      }
    }
    // The router decodes these: they reach the route, and its access refuses them.
    expect(seen).toContain('GET /%61pi/patients → 401');
    expect(seen).toContain(`GET http://127.0.0.1:${port}/api/patients → 401`);
    expect(seen).toContain('DELETE /%61pi/medications/1 → 401');
    expect(seen).toContain('GET /%66hir/R4/Observation → 401');
  });

  it('answer 404 JSON, not the web page, for an API path the router does not match', async () => {
    for (const target of ['/API/patients', '//api/patients', '/api%2Fpatients', '/api/./patients']) {
      const res = await send('GET', target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type'], target).toContain('application/json');
    }
  });

  it('refuse a device token where the route takes none, and a forged one where it does', async () => {
    const asBearer = { authorization: 'Bearer vgl_dev_forged' };
    expect((await send('GET', '/%61pi/patients', asBearer)).status).toBe(401);
    const res = await send('POST', '/%61pi/device-readings', asBearer);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'INVALID_DEVICE_TOKEN' });
  });

  it('treat an encoded path with a session exactly as the plain one', async () => {
    const plain = await send('GET', '/api/patients', { cookie });
    const encoded = await send('GET', '/%61pi/patients', { cookie });
    expect(plain.status).toBe(200);
    expect(encoded.status).toBe(200);
    expect(encoded.body).toBe(plain.body);
  });

  it('apply the cross-site check to a state-changing request whatever its URL form', async () => {
    for (const target of ['/api/logout', '/%61pi/logout', `http://127.0.0.1:${port}/api/logout`]) {
      const res = await send('POST', target, { cookie, origin: 'https://evil.example' });
      expect(res.status, target).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'CSRF' });
    }
    expect((await send('GET', '/api/user', { cookie })).status).toBe(200); // still signed in
    for (const target of ['/api/patients', '/%61pi/patients', `http://127.0.0.1:${port}/api/patients`]) {
      const res = await send('GET', target, {
        cookie,
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
      });
      expect(res.status, target).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'CROSS_SITE' });
    }
  });
});

describe('public routes in odd URL forms', () => {
  const publicRoutes = () =>
    t.app.routeTable.filter(
      (r) =>
        (r.access?.kind === 'public' || r.access?.kind === 'webhook') &&
        r.url.startsWith('/api/') &&
        STATE_CHANGING.has(r.method),
    );

  it('refuse a megabyte body before reading it in every form, within a CPU budget of a small request', async () => {
    const huge = JSON.stringify({ username: 'a'.repeat(1_000_000), password: 'x' });
    const nested = '['.repeat(500_000);
    for (const route of publicRoutes()) {
      const small = () =>
        rawRequest(port, route.method, route.url, {
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      for (const target of oddForms(concrete(route.url))) {
        for (const body of [huge, nested]) {
          let status = 0;
          const ratio = await costRatio(
            async () => {
              status = await rawRequest(port, route.method, target, {
                headers: { 'content-type': 'application/json' },
                body,
              }).then(
                (r) => r.status,
                () => 0, // closed before the whole body was sent
              );
            },
            small,
            25,
          );
          expect([0, 400, 404, 413], `${route.method} ${target} answered ${status}`).toContain(status);
          expect(ratio, `${route.method} ${target}: ${ratio.toFixed(0)}× a small request`).toBeLessThan(25);
        }
      }
    }
  }, 120_000);
});

describe('open streams in odd URL forms', () => {
  /** Opens a stream on a raw socket with the target as written; resolves once its head is read. */
  function openRaw(target: string, headers: Record<string, string>) {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    let endAnswer = () => {};
    // The answer ends with the last chunk (the connection may stay open for the next request).
    const ended = new Promise<void>((resolve) => {
      endAnswer = resolve;
      socket.on('close', () => resolve());
    });
    const status = new Promise<number>((resolve) => {
      socket.on('data', (chunk) => {
        head += chunk;
        const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
        if (m) resolve(Number(m[1]));
        if (head.endsWith('\r\n0\r\n\r\n')) endAnswer();
      });
      socket.on('close', () => resolve(0));
    });
    socket.write(
      `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`,
    );
    return { status, ended, close: () => socket.destroy() };
  }

  it('end when their person is demoted, whichever form opened them', async () => {
    const admin = cookie;
    const nurse = await signUpAs(t.app, admin, 'nurse');
    const streams = t.app.routeTable.filter((r) => r.url === '/api/events' && r.method === 'GET');
    const open = [];
    for (const route of streams) {
      for (const target of [route.url, ...oddForms(route.url)]) {
        const stream = openRaw(target, { cookie: nurse.cookie, accept: 'text/event-stream' });
        const status = await stream.status;
        if (status === 200) open.push({ target, stream });
        else stream.close();
      }
    }
    expect(open.length).toBeGreaterThan(3);
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${nurse.user.id}`,
      headers: { cookie: admin },
      payload: { role: 'auditor' },
    });
    expect(demoted.statusCode).toBe(200);
    const results = await Promise.all(
      open.map(({ target, stream }) =>
        Promise.race([
          stream.ended.then(() => 'ended'),
          new Promise((r) => setTimeout(() => r(`${target} still open`), 2000)),
        ]),
      ),
    );
    for (const { stream } of open) stream.close();
    expect(results.filter((r) => r !== 'ended')).toEqual([]);
  });
});
