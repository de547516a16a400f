import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';

let t: TestApp;
let cookie: string;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Vigil</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.map'), '{"version":3}');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  ({ cookie } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function auditCount(): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from audit_events`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('access control', () => {
  const apiRoutes = () =>
    t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .map((r) => ({ ...r, isPublic: r.access?.kind === 'public' }));

  it('answers 401 on every non-public /api route without a session', async () => {
    const protectedRoutes = apiRoutes().filter((r) => !r.isPublic);
    expect(protectedRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/user', 'POST /api/logout', 'GET /api/config']),
    );
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const redirect = route.access?.kind === 'user' ? route.access.signedOutRedirect : undefined;
      if (redirect) {
        // A page the browser comes back to from a provider: the callback page says the session ended.
        expect(res.statusCode, `${route.method} ${url}`).toBe(303);
        expect(res.headers.location).toBe('/oauth/callback?error=session_expired');
        continue;
      }
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(res.json(), `${route.method} ${url}`).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('keeps only login, register, the registration mode, health and readiness public', () => {
    expect(
      apiRoutes()
        .filter((r) => r.isPublic)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /api/health',
      'GET /api/ready',
      'GET /api/register',
      'POST /api/login',
      'POST /api/register',
    ]);
  });

  it('answers unknown /api paths with 404 JSON, signed in or not', async () => {
    for (const headers of [{}, { cookie }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'No API route GET /api/nothing-here',
        message: 'No API route GET /api/nothing-here',
        code: 'NOT_FOUND',
      });
    }
  });
});

describe('the web app', () => {
  it('serves index.html for client routes so the router can draw them', async () => {
    for (const url of ['/', '/auth', '/patient/3', '/some/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends precompressed assets to clients that accept them, and keeps source maps private', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload).toEqual(brotliCompressSync('console.log(1)'));
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(map.headers['content-type']).toContain('text/html'); // the app, not the map
    expect(map.body).not.toContain('"version":3');
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP in development
  });
});

describe('cross-site request forgery defence', () => {
  const logoutWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...headers } });

  it('refuses a state-changing request from another origin', async () => {
    const res = await logoutWith({ origin: 'https://evil.example', host: 'localhost:80' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a cross-site request that sends no Origin but Sec-Fetch-Site', async () => {
    const res = await logoutWith({ 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses form and text bodies: state changes must be JSON', async () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': contentType },
        payload: 'username=a&password=b',
      });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().error).toBe('Send the request body as JSON (Content-Type: application/json)');
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The request body is not valid JSON');
  });

  it('accepts a same-origin request', async () => {
    const { cookie: own } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: own,
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('cross-site requests and the host they name', () => {
  it('refuses a state change from another origin that names it as the host (DNS rebinding)', async () => {
    const { cookie: own } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: own, origin: 'http://evil.example', host: 'evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
  });

  it('accepts a configured origin served under its host name, and loopback or IP addresses by default', async () => {
    const configured = await createTestApp({ env: { ALLOWED_ORIGINS: 'https://vigil.ward.example' } });
    try {
      for (const [origin, host] of [
        ['https://vigil.ward.example', 'vigil.ward.example'],
        ['http://127.0.0.1:5000', '127.0.0.1:5000'],
        ['http://192.0.2.10:5000', '192.0.2.10:5000'],
        ['http://[::1]:5000', '[::1]:5000'],
        ['http://localhost:5000', 'localhost:5000'],
      ]) {
        const res = await configured.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { origin: origin!, host: host!, 'x-forwarded-proto': 'https' },
          payload: { username: 'nobody-here', password: 'whatever1' },
        });
        expect(res.statusCode, origin).toBe(401);
      }
    } finally {
      await configured.close();
    }
  });

  it('refuses a cross-site or same-site navigation to the API, and records no read of it', async () => {
    const patient = await admitPatient(t.app, cookie);
    const before = await auditCount();
    for (const site of ['cross-site', 'same-site']) {
      for (const url of [`/api/patients/${patient.id}`, '/api/audit-events/export', '/api/patients']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: {
            cookie,
            'sec-fetch-site': site,
            'sec-fetch-mode': 'navigate',
            'sec-fetch-dest': 'document',
          },
        });
        expect(res.statusCode, `${site} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'CROSS_SITE' });
      }
    }
    expect(await auditCount()).toBe(before);
    // The app's own pages may be linked from anywhere; a request of the app itself is answered.
    const page = await t.app.inject({
      method: 'GET',
      url: `/patient/${patient.id}`,
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(page.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${patient.id}`,
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets a provider send the browser back to its callback page from its own site', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/whoop/callback?state=x&code=y',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.statusCode).toBe(303);
  });
});

describe('health and config', () => {
  it('reports database status without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('tells a signed-in client which optional features are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      analysis: { source: 'rules', model: null },
      session: { idleTimeoutMinutes: 30 },
    });
  });
});
