import { Pool } from 'undici';

/** Shared helpers for benchmarks: every figure is printed next to a baseline measured in the same run. */

export interface Throughput {
  opsPerSecond: number;
  count: number;
  seconds: number;
}

/** A stable patient to admit in a benchmark (POST /api/patients). */
export const benchPatient = (name: string) => ({
  name,
  condition: 'Stable',
  oxygenLevel: 97,
  pulse: 70,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
});

/** Runs `fn` repeatedly for about `seconds` (after a short warm-up) and reports operations per second. */
export async function measure(
  fn: () => unknown | Promise<unknown>,
  seconds = 2,
  concurrency = 1,
): Promise<Throughput> {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) await fn();
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await fn();
        count++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { opsPerSecond: count / elapsed, count, seconds: elapsed };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function report(name: string, value: string, ratio?: { value: number; goal: string; ok: boolean }) {
  const r = ratio
    ? `  ratio ${fmt(ratio.value, 2)} (goal ${ratio.goal}: ${ratio.ok ? 'met' : 'NOT met'})`
    : '';
  console.log(`${name.padEnd(58)} ${value}${r}`);
}

/**
 * A lean keep-alive HTTP client for load generation (undici's connection pool). The senders share
 * the two cores with the server and PostgreSQL: whatever CPU a sender spends per request is taken
 * from the server under test. `fetch` costs about four times as much per request, node:http about
 * a third more.
 */
export function keepAliveClient(baseUrl: string, headers: Record<string, string> = {}) {
  const pool = new Pool(baseUrl, { connections: 64 });
  return {
    async post(path: string, body: unknown, extra: Record<string, string> = {}) {
      const res = await pool.request({
        path,
        method: 'POST',
        headers: { ...headers, ...extra, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.statusCode, body: await res.body.text() };
    },
    close: () => pool.close(),
  };
}
