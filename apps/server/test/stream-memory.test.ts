import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase } from './helpers.ts';
import { openSse } from './sse-client.ts';
import { admitPatient, recordReadings, signUp } from './support/factories.ts';

// A full collection on demand: what an open stream still holds is what survives it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * What an open event stream keeps for its life (decision 005): not Fastify's request and reply,
 * which Fastify holds until a response ends to log its end. The app logs here, as in production:
 * without a logger Fastify holds nothing, and the test would prove nothing.
 */
describe('an open event stream', () => {
  let ctx: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let url: string;
  const logged: Record<string, unknown>[] = [];
  /** The Fastify request of each stream opened, held weakly. */
  const requests: WeakRef<object>[] = [];

  beforeAll(async () => {
    ctx = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database: ctx.database,
      logger: { level: 'info', stream },
      registerPerMinute: 1000,
    });
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/events')) requests.push(new WeakRef(request));
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await ctx.drop();
  });

  it("lets Fastify's request go while it stays open, delivers events, and logs its own end", async () => {
    const nurse = await signUp(url);
    const patient = await admitPatient(url, nurse.cookie, { name: 'Held Stream Patient' });
    const stream = await openSse(`${url}/api/events`, { cookie: nurse.cookie });
    expect(stream.status).toBe(200);
    await stream.waitFor((m) => m.data.includes('stream-opened'));
    expect(requests).toHaveLength(1);

    // Reading a WeakRef keeps its object alive until the current job ends: collected first, read after.
    for (let i = 0; i < 3; i++) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(requests[0]!.deref(), 'the stream still holds its Fastify request').toBeUndefined();

    // The stream still works without it: a reading reaches it.
    await recordReadings(url, nurse, [
      { patientId: patient.id, readingTime: new Date().toISOString(), heartRate: 88 },
    ]);
    await stream.waitFor(
      (m) => m.data.includes('"type":"reading"') && m.data.includes(`"patientId":${patient.id}`),
    );

    stream.close();
    await expect
      .poll(() => logged.find((line) => line.msg === 'event stream closed'), { timeout: 5_000 })
      .toMatchObject({ reqId: expect.any(String), responseTime: expect.any(Number) });
    // And the stream's end is not logged with anything of the patient or the session.
    const closedLine = JSON.stringify(logged.find((line) => line.msg === 'event stream closed'));
    expect(closedLine).not.toContain(patient.name);
    expect(closedLine).not.toContain(nurse.cookie.split('=')[1]);
  });
});
