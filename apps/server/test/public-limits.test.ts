import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ASSERTION_TYPE } from '../src/modules/smart/service.ts';
import type { RouteTableEntry } from '../src/plugins/route-table.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';

/**
 * Every route that needs no session (declared public or webhook) is rate limited per client address
 * and has its refusals tallied in the audit trail: at most a first row and one tally row per address
 * and window, whatever the route and however many requests (decision 030). By rule, from the
 * declared access: a new public route gets both, and these tests walk the route table to prove it.
 */

const WINDOW_MS = 15 * 60_000;
const withoutSession = (r: RouteTableEntry) => r.access?.kind === 'public' || r.access?.kind === 'webhook';
const nameOf = (r: RouteTableEntry) => `${r.method} ${r.url}`;

async function auditRowsFrom(t: TestApp, address: string) {
  const result = await t.database.db.execute(
    sql`select action, entity_type, entity_id, detail from audit_events where address = ${address} order by id`,
  );
  return (result as unknown as { rows: { action: string; entity_type: string; detail: string | null }[] })
    .rows;
}

/** A refusal from a fresh address after the clock passed the window: every ended tally is written. */
async function startNewWindow(t: TestApp) {
  t.clock.advance(WINDOW_MS);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
    payload: {},
  });
  expect(res.statusCode).toBe(400);
}

describe('every route without a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '4' }, registerPerMinute: 4 });
  });
  afterAll(() => t.close());

  it('has a rate limit in the route table', () => {
    const open = t.app.routeTable.filter(withoutSession);
    console.log(
      `routes without a session:\n${open
        .map(
          (r) =>
            `  ${nameOf(r)} (${r.access?.kind}): ${r.rateLimit ? `${r.rateLimit.max} per ${r.rateLimit.timeWindow}` : 'no limit'}`,
        )
        .join('\n')}`,
    );
    // Sign-in, registration, health, the FHIR metadata, the SMART configuration and token endpoint, WHOOP's webhook.
    expect(open.length).toBeGreaterThanOrEqual(8);
    const unlimited = open.filter((r) => !r.rateLimit || !(r.rateLimit.max > 0)).map(nameOf);
    expect(unlimited).toEqual([]);
  });

  it('answers 429 past its limit, and records its refusals as one row per address, then one tally row per window', async () => {
    const open = t.app.routeTable.filter(withoutSession);
    const addresses = new Map<string, string>();
    for (const [i, route] of open.entries()) {
      const address = `198.51.100.${i + 1}`;
      addresses.set(nameOf(route), address);
      const limit = route.rateLimit ? route.rateLimit.max : 0;
      const statuses: number[] = [];
      for (let n = 0; n <= limit + 1; n++) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          remoteAddress: address,
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.at(-1), nameOf(route)).toBe(429);
      expect(statuses.filter((s) => s === 429).length, nameOf(route)).toBe(2);
    }
    const during = new Map<string, number>();
    for (const [name, address] of addresses) during.set(name, (await auditRowsFrom(t, address)).length);
    await startNewWindow(t);
    const problems: string[] = [];
    for (const [name, address] of addresses) {
      const rows = await auditRowsFrom(t, address);
      // A refusal is in the trail (the first of the window), and a flood is never a row per request.
      if (during.get(name) !== 1) problems.push(`${name}: ${during.get(name)} rows during the window`);
      if (rows.length > 2) problems.push(`${name}: ${rows.length} rows after it`);
      for (const row of rows.slice(1)) {
        if (!/^\d+ more refused requests without a session from this address/.test(row.detail ?? '')) {
          problems.push(`${name}: a second row that is not the tally: ${row.detail}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** An unsigned JWT (`alg: none`) naming a client that does not exist, as the probe sent them. */
function unsignedAssertion(): string {
  const part = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
  const iss = randomBytes(8).toString('hex');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss, sub: iss, aud: 'x', exp: now + 60, jti: iss })}.`;
}

describe('a flood of unsigned assertions at the SMART token endpoint', () => {
  const LIMIT = 20;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('is refused with 429 past the limit, leaves two audit rows, and a nurse’s note is written meanwhile', async () => {
    const attacker = '203.0.113.66';
    const nurse = await signUp(t.app);
    const patient = await admitPatient(t.app, nurse.cookie);
    const tokenRequest = () =>
      t.app.inject({
        method: 'POST',
        url: '/fhir/R4/auth/token',
        remoteAddress: attacker,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: CLIENT_ASSERTION_TYPE,
          client_assertion: unsignedAssertion(),
          scope: 'system/Patient.rs',
        }).toString(),
      });
    const timedNote = async () => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/patients/${patient.id}/notes`,
        headers: { cookie: nurse.cookie },
        payload: { content: 'Settled overnight' },
      });
      return { status: res.statusCode, ms: performance.now() - started };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

    const idle: number[] = [];
    for (let i = 0; i < 10; i++) idle.push((await timedNote()).ms);
    const statuses: number[] = [];
    const notes: { status: number; ms: number }[] = [];
    // 10–20 at a time, as the probe sent them, with a nurse's note beside each batch.
    for (let batch = 0; batch < 20; batch++) {
      const size = 10 + (batch % 11);
      const [answers, note] = await Promise.all([
        Promise.all(Array.from({ length: size }, tokenRequest)),
        timedNote(),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
      notes.push(note);
    }
    const rowsDuring = (await auditRowsFrom(t, attacker)).length;
    await startNewWindow(t);
    const rows = await auditRowsFrom(t, attacker);
    const count = (status: number) => statuses.filter((s) => s === status).length;
    console.log(
      `token-endpoint flood: ${statuses.length} requests, ${count(401)} refused by the endpoint (401), ${count(429)} rate limited (429); ` +
        `audit rows from the address: ${rowsDuring} during the window, ${rows.length} after it; ` +
        `nurse's note p50 ${median(idle).toFixed(1)} ms idle, ${median(notes.map((n) => n.ms)).toFixed(1)} ms during the flood`,
    );

    expect(notes.map((n) => n.status)).toEqual(notes.map(() => 201));
    expect(count(401)).toBe(LIMIT);
    expect(count(429)).toBe(statuses.length - LIMIT);
    expect(rowsDuring).toBe(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'failed-sign-in',
      entity_type: 'SmartClient',
      detail: 'invalid_client',
    });
    expect(rows[1]!.detail).toMatch(
      new RegExp(
        `^${LIMIT} more refused requests without a session from this address in the window from \\S+: ` +
          `Request POST /fhir/R4/auth/token 429 rate limited 1, SmartClient invalid_client ${LIMIT - 1}$`,
      ),
    );
  });
});
