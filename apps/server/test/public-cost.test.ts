import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '../src/plugins/route-table.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { costRatio } from './support/cpu-budget.ts';

/**
 * No request that needs no session may cost more than a few milliseconds of the server's time: the
 * routes anyone can reach (public and webhook, read from the route table's declared access) get
 * oversized and deeply nested bodies while /api/health is timed. Costs are ratios against a baseline
 * measured in the same run (a small, refused request to the same route; health when idle), never
 * absolute times.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  // Registration's per-minute limit is the route's own rule; here it must not hide the cost.
  t = await createTestApp({ registerPerMinute: 100_000 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Routes a request without a session reaches the handler (or its body parser) of. */
const unauthenticated = () =>
  t.app.routeTable.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      (r.access?.kind === 'public' || r.access?.kind === 'webhook') &&
      !['GET', 'HEAD'].includes(r.method),
  );

const fieldsOf = (route: RouteTableEntry): string[] =>
  Object.keys((route.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/**
 * The bodies of the attack: each field in turn a million characters long (the others short, so the
 * whole stays under a megabyte), and `[` × 500,000.
 */
function attackBodies(route: RouteTableEntry): string[] {
  const fields = fieldsOf(route);
  const long = 'a'.repeat(1_000_000);
  const withField = (field: string, value: string) =>
    JSON.stringify(Object.fromEntries(fields.map((f) => [f, f === field ? value : 'short-value'])));
  const oversized =
    fields.length > 0 ? fields.map((f) => withField(f, long)) : [JSON.stringify({ text: long })];
  // Within any small body limit, but as long a field as fits: the expensive checks must not run.
  const justUnder = fields.map((f) => withField(f, 'a'.repeat(2000)));
  return [...oversized, '['.repeat(500_000), ...justUnder];
}

async function post(url: string, body: string | Buffer): Promise<number> {
  try {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    // The server may close the connection of a body it refuses before reading it all.
    return 0;
  }
}

async function healthMs(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The attack's senders (a worker thread): `parallel` loops, each sending every attack `rounds` times. */
const SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, attacks, rounds, parallel } = workerData;
const bodies = attacks.map((a) => ({ url: a.url, body: Buffer.from(a.body) }));
let requests = 0;
async function loop() {
  for (let round = 0; round < rounds; round++) {
    for (const a of bodies) {
      try {
        const res = await fetch(base + a.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: a.body });
        await res.arrayBuffer();
      } catch {}
      requests++;
    }
  }
}
Promise.all(Array.from({ length: parallel }, loop)).then(() => parentPort.postMessage(requests));
`;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** How many times a baseline an attack request may cost. Before the rule: thousands. */
const CPU_BUDGET_RATIO = 25;
const HEALTH_SLOWDOWN_RATIO = 25;

describe('requests without a session', () => {
  it('finds the routes anyone can reach in the route table', () => {
    const routes = unauthenticated().map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/login', 'POST /api/register', 'POST /api/whoop/webhook']),
    );
  });

  it('cost at most a small multiple of a refused small request, however large or deeply nested the body', async () => {
    for (const route of unauthenticated()) {
      // Baseline: a small body the route refuses (400/401), measured now, on this machine.
      // Every refusal path once before measuring (the first run of a path compiles it).
      for (const warm of ['{}', '['.repeat(100), 'x'.repeat(20_000)]) await post(route.url, warm);
      for (const text of attackBodies(route)) {
        // Encoded before the clock starts: the client's work is not the server's.
        const body = Buffer.from(text);
        let status = 0;
        const ratio = await costRatio(
          async () => {
            status = await post(route.url, body);
          },
          () => post(route.url, '{}'),
          CPU_BUDGET_RATIO,
        );
        const what = `${route.url} ${text.slice(0, 20)}… (${text.length} characters)`;
        expect(status, what).not.toBe(200);
        expect(status).toBeLessThan(500);
        expect(ratio, `${what}: ${ratio.toFixed(0)}× a small refused request`).toBeLessThan(CPU_BUDGET_RATIO);
      }
    }
  }, 120_000);

  it('refuses a body over the small limit of a public route with 413 naming the limit', async () => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a'.repeat(20_000), password: 'x' }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: 'BODY_TOO_LARGE',
      error: expect.stringMatching(/at most 8 KB/),
    });
  });

  it('keep /api/health answering while several senders attack every public route', async () => {
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) idle.push(await healthMs());
    const attacks = unauthenticated().flatMap((route) =>
      attackBodies(route).map((body) => ({ url: route.url, body })),
    );
    // The senders run on a thread of their own: building and writing megabyte bodies must not
    // count against the server's event loop, which is the one being measured.
    const senders = new Worker(SENDER, { eval: true, workerData: { base, attacks, rounds: 3, parallel: 4 } });
    const sent = new Promise<number>((resolve, reject) => {
      senders.once('message', resolve);
      senders.once('error', reject);
    });
    let attacking = true;
    const underAttack: number[] = [];
    const prober = (async () => {
      while (attacking) underAttack.push(await healthMs());
    })();
    const requests = await sent;
    attacking = false;
    await prober;
    await senders.terminate();
    expect(requests).toBe(attacks.length * 3 * 4);
    // The mean, not the median: a sequential prober makes one probe while the server is stalled,
    // however long the stall, so only the mean weighs a stall by its length.
    const ratio = mean(underAttack) / mean(idle);
    console.log(
      `health under attack: mean ${mean(underAttack).toFixed(1)} ms vs idle ${mean(idle).toFixed(1)} ms (${ratio.toFixed(1)}×), median ${median(underAttack).toFixed(1)} ms, worst ${Math.max(...underAttack).toFixed(0)} ms over ${underAttack.length} probes`,
    );
    expect(underAttack.length).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(HEALTH_SLOWDOWN_RATIO);
  }, 300_000);
});
