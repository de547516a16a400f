import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from './helpers.ts';
import { openSse, type SseClient, stillReceives } from './sse-client.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';
import { startServer, startTwoInstances } from './support/instances.ts';
import { statusOf as send } from './support/requests.ts';

/**
 * Permissions reach open live-event streams: a change of a person's role, status or session ends
 * their open streams within a second, on every instance, without waiting for the stream's ping
 * (here a minute apart, so only the change itself can end them). A client that reconnects is
 * checked against its role as it is now.
 */
const PINGS_A_MINUTE_APART = { pingIntervalMs: 60_000 };

/** Resolves with the time it took the stream to end, or rejects after `withinMs`. */
async function endsWithin(stream: SseClient, withinMs: number): Promise<number> {
  const started = Date.now();
  await Promise.race([
    stream.closed,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs),
    ),
  ]);
  return Date.now() - started;
}

const patientEvents = (stream: SseClient, patientId: number) =>
  stream.messages.filter((m) => (JSON.parse(m.data) as { patientId?: number }).patientId === patientId)
    .length;

describe('open live-event streams after a change of permission', () => {
  let one: Awaited<ReturnType<typeof startServer>>;
  let admin: Session;
  beforeAll(async () => {
    one = await startServer(PINGS_A_MINUTE_APART);
    admin = await signUp(one.url);
  });
  afterAll(() => one.close());

  /** The stream routes of the route table: the GET routes that answer text/event-stream. */
  async function streamRoutes(): Promise<string[]> {
    const found: string[] = [];
    for (const route of one.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'))) {
      if (route.url.includes(':') || (route.schema && 'response' in (route.schema as object))) continue;
      const controller = new AbortController();
      const res = await fetch(`${one.url}${route.url}`, {
        headers: { cookie: admin.cookie },
        signal: controller.signal,
      });
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) found.push(route.url);
      controller.abort();
    }
    return found;
  }

  it('sends the Permissions-Policy on a stream as on every other answer', async () => {
    for (const path of await streamRoutes()) {
      const controller = new AbortController();
      const res = await fetch(`${one.url}${path}`, {
        headers: { cookie: admin.cookie },
        signal: controller.signal,
      });
      expect(res.headers.get('permissions-policy'), path).toMatch(/bluetooth=\(self\)/);
      controller.abort();
    }
  });

  it('finds the stream routes in the route table', async () => {
    expect(await streamRoutes()).toEqual(['/api/events']);
  });

  it('ends a demoted nurse’s streams within a second: no patient event reaches them after', async () => {
    for (const path of await streamRoutes()) {
      const nurse = await signUpAs(one.url, admin.cookie, 'nurse');
      const patient = await admitPatient(one.url, admin.cookie, { name: 'Stream Patient' });
      const stream = await openSse(`${one.url}${path}`, { cookie: nurse.cookie });
      expect(stream.status).toBe(200);
      await recordReadings(
        one.url,
        { cookie: admin.cookie },
        {
          patientId: patient.id,
          readingTime: new Date(Date.now() - 60_000).toISOString(),
          heartRate: 81,
        },
      );
      await stream.waitFor((m) => (JSON.parse(m.data) as { patientId?: number }).patientId === patient.id);
      const before = patientEvents(stream, patient.id);

      expect(
        await send(one.url, admin.cookie, 'PATCH', `/api/accounts/${nurse.user.id}`, { role: 'auditor' }),
      ).toBe(200);
      // Readings go on while the demoted person's stream is (or is not) ending.
      const sending = (async () => {
        for (let i = 0; i < 10; i++) {
          await recordReadings(
            one.url,
            { cookie: admin.cookie },
            {
              patientId: patient.id,
              readingTime: new Date(Date.now() - 50_000 + i * 1000).toISOString(),
              heartRate: 90 + i,
            },
          );
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const ended = await endsWithin(stream, 1000).catch((e: Error) => e);
      await sending;
      const after = patientEvents(stream, patient.id) - before;
      console.log(
        `${path}: patient events after the demotion: ${after}; ended: ${ended instanceof Error ? ended.message : `${ended} ms`}`,
      );
      expect(ended).toEqual(expect.any(Number));
      expect(after).toBe(0);
      // Reconnecting is checked against the role as it is now.
      const again = await fetch(`${one.url}${path}`, { headers: { cookie: nurse.cookie } });
      expect(again.status).toBe(403);
      await again.body?.cancel();
      stream.close();
    }
  });

  it('closes a signed-out session’s stream within a second, and keeps the person’s other sessions’ streams', async () => {
    for (const path of await streamRoutes()) {
      const nurse = await signUpAs(one.url, admin.cookie, 'nurse');
      const { cookie: otherCookie } = await signIn(one.url, nurse.user.username);
      const stream = await openSse(`${one.url}${path}`, { cookie: nurse.cookie });
      const otherStream = await openSse(`${one.url}${path}`, { cookie: otherCookie });
      expect(await send(one.url, nurse.cookie, 'POST', '/api/logout')).toBe(204);
      const ended = await endsWithin(stream, 1000);
      console.log(`${path}: stream ended ${ended} ms after sign-out`);
      // The other session's stream still carries what happens after the sign-out.
      const patient = await admitPatient(one.url, admin.cookie, { name: 'After Sign-out' });
      const isOpen = await stillReceives(otherStream, patient.id, () =>
        recordReadings(
          one.url,
          { cookie: admin.cookie },
          { patientId: patient.id, readingTime: new Date(Date.now() - 60_000).toISOString(), heartRate: 77 },
        ),
      );
      expect(isOpen).toBe(true);
      otherStream.close();
    }
  });
});

describe.runIf(usingPostgres)('streams on another instance (PostgreSQL)', () => {
  it('end there too within a second when a person is demoted or signs out here', async () => {
    const { one, two, close } = await startTwoInstances(PINGS_A_MINUTE_APART);
    try {
      const admin = await signUp(one.url);
      const demoted = await signUpAs(one.url, admin.cookie, 'nurse');
      const signedOut = await signUpAs(one.url, admin.cookie, 'nurse');
      const streams = [
        await openSse(`${two.url}/api/events`, { cookie: demoted.cookie }),
        await openSse(`${two.url}/api/events`, { cookie: signedOut.cookie }),
      ];
      for (const s of streams) expect(s.status).toBe(200);
      expect(
        await send(one.url, admin.cookie, 'PATCH', `/api/accounts/${demoted.user.id}`, { role: 'auditor' }),
      ).toBe(200);
      expect(await send(one.url, signedOut.cookie, 'POST', '/api/logout')).toBe(204);
      await Promise.all(streams.map((s) => endsWithin(s, 1000)));
    } finally {
      await close();
    }
  });
});
