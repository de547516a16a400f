import type { AddressInfo } from 'node:net';
import { type Permission, ROLE_PERMISSIONS, ROLES, type Role, roleHas } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { type Session, signUp, signUpAs } from './support/factories.ts';

/**
 * The role matrix, generated from the route table: for every role and every route a signed-in
 * person may call, the route answers 403 (PERMISSION_DENIED) exactly when the role lacks the
 * permission the route declares, and otherwise gets past authorization (2xx, or a 4xx of its own
 * such as a validation 400 or a 404 for the made-up id, never 401 or 403). PGlite by default;
 * PostgreSQL when TEST_DATABASE_URL is set (npm run test:api).
 */
let t: TestApp;
let base: string;
const sessions = new Map<Role, Session>();
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await signUp(t.app); // the first account: administrator
  expect(admin.user.role).toBe('administrator');
  sessions.set('administrator', admin);
  for (const role of ROLES.filter((r) => r !== 'administrator')) {
    sessions.set(role, await signUpAs(t.app, admin.cookie, role));
  }
});
afterAll(() => t.close());

/** A made-up id: the route's own 404, never someone's real record. */
const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');

/** Sends a route as `cookie`; the event stream is read over a real socket and closed at once. */
async function call(method: string, url: string, cookie: string) {
  if (url === '/api/events') {
    const controller = new AbortController();
    // A HEAD of an open stream sends its headers only when the stream ends: an answer that has not
    // come within a second got past authorization (a refusal answers at once).
    const timer = setTimeout(() => controller.abort(), 1000);
    try {
      const res = await fetch(`${base}${url}`, { method, headers: { cookie }, signal: controller.signal });
      const body = res.status === 200 || method === 'HEAD' ? '' : await res.text();
      return { status: res.status, body };
    } catch {
      return { status: 200, body: '' };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
  const stateChanging = !['GET', 'HEAD'].includes(method);
  const res = await t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: { cookie, ...(stateChanging ? { 'content-type': 'application/json' } : {}) },
    ...(stateChanging ? { payload: '{}' } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

describe('the role matrix', () => {
  it('holds every permission in at least one role, and the auditor only reads the trail', () => {
    const held = new Set(Object.values(ROLE_PERMISSIONS).flat());
    expect([...held].sort()).toEqual([...new Set(ROLE_PERMISSIONS.administrator)].sort());
    expect([...ROLE_PERMISSIONS.auditor].sort()).toEqual(['account:self', 'audit:export', 'audit:read']);
  });

  it.each(ROLES)('lets a %s call exactly the routes its permissions allow', async (role) => {
    const session = sessions.get(role)!;
    const routes = t.app.routeTable
      .filter((r) => r.access?.kind === 'user')
      // Signing out ends the session the rest of the walk uses: it goes last.
      .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
    expect(routes.length).toBeGreaterThan(30);
    const seen: string[] = [];
    for (const route of routes) {
      const permission = (route.access as { permission: Permission }).permission;
      const { status, body } = await call(route.method, route.url, session.cookie);
      const what = `${role} ${route.method} ${route.url} (${permission}) → ${status} ${body.slice(0, 160)}`;
      seen.push(what);
      if (roleHas(role, permission)) {
        expect(status, what).not.toBe(401);
        expect(status, what).not.toBe(403);
        expect(status, what).toBeLessThan(500);
      } else {
        expect(status, what).toBe(403);
        if (route.method === 'HEAD') continue; // no body
        // The FHIR API says it as an OperationOutcome, with the same code and message.
        const answer = JSON.parse(body);
        const refusal =
          answer.resourceType === 'OperationOutcome'
            ? { code: answer.issue[0].details.coding[0].code, message: answer.issue[0].diagnostics }
            : answer;
        expect(refusal, what).toMatchObject({ code: 'PERMISSION_DENIED' });
        expect(refusal.message, what).toContain(permission);
      }
    }
    expect(seen.length).toBe(routes.length);
  });
});
