import { isLivePositionBehind, LIVE_POSITION_HEADER, LivePosition } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from './helpers.ts';
import { ofType, openSse, type SseMessage } from './sse-client.ts';
import { admitPatient, recordReadings, signUp } from './support/factories.ts';
import { startInstance, startTwoInstances } from './support/instances.ts';

type Ctx = Awaited<ReturnType<typeof createTestDatabase>>;

async function api(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test helper reading arbitrary JSON answers
  return { status: res.status, json: (res.status === 204 ? null : await res.json()) as any };
}

/** A well patient (NEWS2 0) whose changes the streams carry. */
const LIVE_PATIENT = { name: 'Live Patient', oxygenLevel: 98, pulse: 72 };

describe('the live event stream', () => {
  let ctx: Ctx;
  let server: Awaited<ReturnType<typeof startInstance>>;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestDatabase();
    server = await startInstance(ctx.database, { pingIntervalMs: 200, maxStreamsPerUser: 3 });
    ({ cookie } = await signUp(server.url));
  });
  afterAll(async () => {
    await server.app.close();
    await ctx.drop();
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(`${server.url}/api/events`)).status).toBe(401);
  });

  it('pushes a new reading, the changed patient and an alert-level rise, with ids', async () => {
    const patient = await admitPatient(server.url, cookie, LIVE_PATIENT);
    const sse = await openSse(`${server.url}/api/events`, { cookie });
    expect(sse.status).toBe(200);
    await recordReadings(
      server.url,
      { cookie },
      {
        patientId: patient.id,
        deviceId: 'live-1',
        readingTime: new Date(Date.now() + 1000).toISOString(),
        heartRate: 135,
        respiratoryRate: 26,
      },
    );
    const reading = JSON.parse((await sse.waitFor(ofType('reading', patient.id))).data);
    expect(reading.data.readings[0]).toMatchObject({ heartRate: 135, deviceId: 'live-1' });
    const updated = await sse.waitFor(ofType('patient-updated', patient.id));
    expect(JSON.parse(updated.data).data).toMatchObject({ pulse: 135, respiratoryRate: 26 });
    const alert = JSON.parse((await sse.waitFor(ofType('alert-level-changed', patient.id))).data);
    expect(alert.data).toEqual({ from: 'NORMAL', to: 'URGENT', news2Total: 6 });
    expect(Number(updated.id)).toBeGreaterThan(0);
    sse.close();
  });

  it('sends each reading exactly as the history reads it back from the database', async () => {
    const patient = await admitPatient(server.url, cookie, LIVE_PATIENT);
    const sse = await openSse(`${server.url}/api/events`, { cookie });
    await recordReadings(
      server.url,
      { cookie },
      {
        patientId: patient.id,
        deviceId: 'every-field-1',
        deviceName: 'Ward Monitor 3',
        connectionType: 'bluetooth',
        readingTime: new Date(Date.now() - 1000).toISOString(),
        heartRate: 104,
        oxygenLevel: 94,
        systolicBP: 118,
        diastolicBP: 76,
        temperature: 1004,
        respiratoryRate: 22,
        consciousness: 'A',
        onSupplementalOxygen: true,
        batteryLevel: 61,
      },
    );
    const sent = JSON.parse((await sse.waitFor(ofType('reading', patient.id))).data).data.readings[0];
    const history = await api(server.url, cookie, 'GET', `/api/patients/${patient.id}/readings`);
    expect(sent).toEqual(history.json.readings.find((r: { id: number }) => r.id === sent.id));
    sse.close();
  });

  it('sends a batch of up to 20 readings whole, and of a larger one only the latest, flagged truncated', async () => {
    const patient = await admitPatient(server.url, cookie, LIVE_PATIENT);
    const sse = await openSse(`${server.url}/api/events`, { cookie });
    const start = Date.now() - 3_600_000;
    const batch = Array.from({ length: 50 }, (_, i) => ({
      patientId: patient.id,
      deviceId: 'backfill',
      readingTime: new Date(start + i * 60_000).toISOString(),
      heartRate: 60 + i,
    }));
    const small = batch.slice(0, 20);
    const large = batch.slice(20);
    expect((await api(server.url, cookie, 'POST', '/api/device-readings', small.reverse())).status).toBe(201);
    const whole = JSON.parse((await sse.waitFor(ofType('reading', patient.id))).data);
    expect(whole.data.truncated).toBeUndefined();
    expect(whole.data.readings.map((r: { heartRate: number }) => r.heartRate)).toEqual(
      Array.from({ length: 20 }, (_, i) => 60 + i),
    );
    expect((await api(server.url, cookie, 'POST', '/api/device-readings', large.reverse())).status).toBe(201);
    const truncated = JSON.parse(
      (
        await sse.waitFor(
          (e) => ofType('reading', patient.id)(e) && JSON.parse(e.data).data.truncated === true,
        )
      ).data,
    );
    expect(truncated.data.truncated).toBe(true);
    expect(truncated.data.readings.map((r: { heartRate: number }) => r.heartRate)).toEqual([109]);
    sse.close();
  });

  it('pushes patient edits too', async () => {
    const patient = await admitPatient(server.url, cookie, LIVE_PATIENT);
    const sse = await openSse(`${server.url}/api/events`, { cookie });
    await api(server.url, cookie, 'PATCH', `/api/patients/${patient.id}`, { condition: 'Critical' });
    const event = JSON.parse((await sse.waitFor(ofType('patient-updated', patient.id))).data);
    expect(event.data.condition).toBe('Critical');
    sse.close();
  });

  it('says where its events stood on every read and as a stream opens, so a read the stream began after is read again', async () => {
    const patient = await admitPatient(server.url, cookie, LIVE_PATIENT);
    const position = async () => {
      const res = await fetch(`${server.url}/api/patients`, { headers: { cookie } });
      await res.arrayBuffer();
      return res.headers.get(LIVE_POSITION_HEADER)!;
    };
    const listRead = await position();
    expect(LivePosition.parse(listRead)).toBe(listRead);
    // Nothing sent since: a stream opened now starts where the list was read.
    const sse = await openSse(`${server.url}/api/events`, { cookie });
    const opened = JSON.parse((await sse.waitFor(ofType('stream-opened'))).data);
    expect(opened.data.position).toBe(listRead);
    expect(isLivePositionBehind(listRead, opened.data.position)).toBe(false);
    sse.close();

    // A change sent between the read and the stream: the stream starts past the read.
    await api(server.url, cookie, 'PATCH', `/api/patients/${patient.id}`, { condition: 'Critical' });
    const later = await openSse(`${server.url}/api/events`, { cookie });
    const laterOpened = JSON.parse((await later.waitFor(ofType('stream-opened'))).data);
    expect(isLivePositionBehind(listRead, laterOpened.data.position)).toBe(true);
    expect(isLivePositionBehind(await position(), laterOpened.data.position)).toBe(false);
    later.close();
    // Not on an answer to someone not signed in.
    expect((await fetch(`${server.url}/api/patients`)).headers.has(LIVE_POSITION_HEADER)).toBe(false);
  });

  it('sends pings and replays what a client missed when it reconnects with Last-Event-ID', async () => {
    const patient = await admitPatient(server.url, cookie, LIVE_PATIENT);
    const first = await openSse(`${server.url}/api/events`, { cookie });
    await first.waitFor(ofType('ping'), 2000);
    await api(server.url, cookie, 'PATCH', `/api/patients/${patient.id}`, { pulse: 90 });
    const seen = await first.waitFor(ofType('patient-updated', patient.id));
    first.close();

    await api(server.url, cookie, 'PATCH', `/api/patients/${patient.id}`, { pulse: 91 });
    await api(server.url, cookie, 'PATCH', `/api/patients/${patient.id}`, { pulse: 92 });

    const again = await openSse(`${server.url}/api/events`, { cookie, 'last-event-id': seen.id! });
    const pulses = async (n: number) =>
      JSON.parse(
        (
          await again.waitFor(
            (m) => m.data.includes('patient-updated') && JSON.parse(m.data).data.pulse === n,
          )
        ).data,
      );
    expect((await pulses(91)).data.pulse).toBe(91);
    expect((await pulses(92)).data.pulse).toBe(92);
    expect(again.messages.some((m) => m.id === seen.id)).toBe(false);
    again.close();

    // The same through ?lastEventId= (a client reconnecting with a new EventSource).
    const byQuery = await openSse(`${server.url}/api/events?lastEventId=${seen.id}`, { cookie });
    await byQuery.waitFor((m) => m.data.includes('patient-updated') && JSON.parse(m.data).data.pulse === 92);
    byQuery.close();
  });

  it('caps open streams per user and releases them when clients go away', async () => {
    const { cookie: other } = await signUp(server.url);
    const streams = await Promise.all(
      [1, 2, 3].map(() => openSse(`${server.url}/api/events`, { cookie: other })),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await fetch(`${server.url}/api/events`, { headers: { cookie: other } });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: string }).error).toBe(
      'At most 3 live connections per user are allowed; close another Vigil tab.',
    );
    for (const s of streams) s.close();
    // Once released, the user may connect again (nothing left behind).
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${server.url}/api/events`, { headers: { cookie: other } });
      if (res.status === 200) {
        await res.body?.cancel();
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('streams were not released');
  });

  it('holds the cap across instances sharing the database', async () => {
    const { openDatabase } = await import('../src/db/client.ts');
    const url = ctx.database.connectionString;
    const secondDb = url ? await openDatabase({ databaseUrl: url }) : ctx.database;
    const other = await startInstance(secondDb, { pingIntervalMs: 200, maxStreamsPerUser: 3 });
    try {
      const { cookie: own } = await signUp(server.url);
      const streams = [
        await openSse(`${server.url}/api/events`, { cookie: own }),
        await openSse(`${other.url}/api/events`, { cookie: own }),
        await openSse(`${other.url}/api/events`, { cookie: own }),
      ];
      for (const s of streams) expect(s.status).toBe(200);
      for (const base of [server.url, other.url]) {
        const refused = await fetch(`${base}/api/events`, { headers: { cookie: own } });
        expect(refused.status).toBe(429);
        await refused.body?.cancel();
      }
      for (const s of streams) s.close();
    } finally {
      await other.app.close();
      if (secondDb !== ctx.database) await secondDb.close();
    }
  });

  it('ends the stream when the session ends', async () => {
    const { cookie: own } = await signUp(server.url);
    const sse = await openSse(`${server.url}/api/events`, { cookie: own });
    await api(server.url, own, 'POST', '/api/logout');
    await Promise.race([
      sse.closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 3000)),
    ]);
  });
});

describe.runIf(usingPostgres)('several server instances on one PostgreSQL database', () => {
  it('delivers a reading posted to one instance to a client of another', async () => {
    const { one, two, close } = await startTwoInstances();
    try {
      const { cookie } = await signUp(one.url);
      const patient = await admitPatient(one.url, cookie, LIVE_PATIENT);
      const sse = await openSse(`${two.url}/api/events`, { cookie });
      const sentAt = Date.now();
      await recordReadings(
        one.url,
        { cookie },
        {
          patientId: patient.id,
          deviceId: 'cross-instance',
          readingTime: new Date().toISOString(),
          heartRate: 101,
        },
      );
      // This reading's event: the admission's own reading (72) may reach the second instance's stream
      // after it opened, since that instance learns of committed events through PostgreSQL.
      const isThisReading = (m: SseMessage) =>
        ofType('reading', patient.id)(m) &&
        (JSON.parse(m.data) as { data: { readings: { heartRate?: number }[] } }).data.readings.some(
          (r) => r.heartRate === 101,
        );
      const event = JSON.parse((await sse.waitFor(isThisReading)).data);
      expect(event.data.readings[0].heartRate).toBe(101);
      expect(Date.now() - sentAt).toBeLessThan(5000);
      sse.close();
    } finally {
      await close();
    }
  });
});
