import http from 'node:http';

/** Shared helpers for benchmarks: every figure is printed next to a baseline measured in the same run. */

export interface Throughput {
  opsPerSecond: number;
  count: number;
  seconds: number;
}

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
 * A lean keep-alive HTTP client for load generation. The senders share the two cores with the
 * server and PostgreSQL; `fetch` costs the sender about three times the CPU per request, which would
 * be charged to the server under test.
 */
export function keepAliveClient(baseUrl: string, headers: Record<string, string> = {}) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return {
    post(path: string, body: unknown, extra: Record<string, string> = {}) {
      const data = JSON.stringify(body);
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path,
            method: 'POST',
            headers: {
              ...headers,
              ...extra,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    },
    close: () => agent.destroy(),
  };
}
