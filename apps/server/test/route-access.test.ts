import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { RouteTableEntry } from '../src/plugins/access.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers.ts';
import { signUp } from './support/factories.ts';
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

/** Ways to write the same path that a router decodes, a proxy normalises or a client sends. */
function oddForms(path: string): string[] {
  const rest = path.slice('/api'.length); // "/patients/1"
  const segments = rest.split('/').filter(Boolean);
  const [first = '', ...others] = segments;
  const encodeFirst = (s: string) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`;
  return [
    `/%61pi${rest}`,
    `/a%70i${rest}`,
    `/%61%70%69${rest}`,
    `/%41%50%49${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    `//api${rest}`,
    `/api/${encodeFirst(first)}${others.length ? `/${others.join('/')}` : ''}`,
    `/api/.${rest}`,
    `/./api${rest}`,
    `/api/x/..${rest}`,
    `/api/%2e${rest}`,
    `/api%2F${rest.slice(1)}`,
    `/api/${segments.join('%2F')}`,
    `/api%2f${rest.slice(1)}`,
    `http://127.0.0.1:${port}${path}`,
    `http://evil.example${path}`,
    `${path}?`,
    `${path}?x=1&x=2`,
    `${path};x=1`,
    `/api;x=1${rest}`,
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
  it('has every route declare its access, and only sign-in, registration and health are public', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(30);
    for (const route of t.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const open = t.app.routeTable
      .filter((r) => r.access?.kind === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([
      'GET /api/health',
      'GET /api/register',
      'HEAD /api/health',
      'HEAD /api/register',
      'POST /api/login',
      'POST /api/register',
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
  });
});
