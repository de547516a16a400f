import { DeviceReadingsResponse } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const admit = () => admitPatient(t.app, cookie, { name: 'Reading Patient' });

const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000).toISOString();
const post = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'POST', url: '/api/device-readings', headers, payload: payload as object });
const readingsOf = async (id: number, query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/patients/${id}/readings${query}`, headers: { cookie } })
  ).json();
/** The readings sent after the admission (its own set is the patient's first reading). */
const sentReadingsOf = async (id: number, query = '') =>
  (await readingsOf(id, query)).readings.filter(
    (r: { connectionType: string | null; deviceId: string | null }) =>
      r.deviceId !== null || r.connectionType !== null,
  );
const patient = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/patients/${id}`, headers: { cookie } })).json();

describe('ingest', () => {
  it('stores a reading before answering and applies a newer one to the patient', async () => {
    const p = await admit();
    t.clock.advance(60_000);
    const time = minutesAgo(0);
    const res = await post({
      patientId: p.id,
      deviceId: 'polar-1',
      deviceName: 'Polar H10',
      connectionType: 'bluetooth',
      readingTime: time,
      heartRate: 112,
      batteryLevel: 80,
    });
    expect(res.statusCode).toBe(201);
    // The answer is not re-validated on the way out: the contract is checked here.
    expect(DeviceReadingsResponse.safeParse(res.json()).error).toBeUndefined();
    expect(res.json()).toEqual({
      count: 1,
      readings: [{ id: expect.any(Number), patientId: p.id, deviceId: 'polar-1', readingTime: time }],
    });
    const after = await patient(p.id);
    expect(after).toMatchObject({ pulse: 112, oxygenLevel: 97, lastUpdated: time });
    const latest = (
      await t.app.inject({ method: 'GET', url: `/api/patients/${p.id}/readings/latest`, headers: { cookie } })
    ).json();
    expect(latest).toMatchObject({ heartRate: 112, deviceName: 'Polar H10', batteryLevel: 80 });
  });

  it('stores a device reading of skin temperature alone and reads it back, never as core temperature', async () => {
    const p = await admit();
    t.clock.advance(60_000);
    const time = minutesAgo(0);
    const res = await post({
      patientId: p.id,
      deviceId: 'wrist-1',
      deviceName: 'WHOOP Device',
      connectionType: 'WHOOP API',
      readingTime: time,
      skinTemperature: 927, // 92.7 °F = 33.7 °C at the wrist
    });
    expect(res.statusCode).toBe(201);
    const readings = await sentReadingsOf(p.id);
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({
      deviceId: 'wrist-1',
      connectionType: 'WHOOP API',
      readingTime: time,
      skinTemperature: 927,
      temperature: null,
      heartRate: null,
    });
    // The record's core temperature (and so its NEWS2) is untouched by a skin temperature.
    expect(p.temperature).toEqual(expect.any(Number));
    expect(await patient(p.id)).toMatchObject({ temperature: p.temperature, pulse: p.pulse });
  });

  it('keeps an older reading in the history without changing current vitals', async () => {
    const p = await admit();
    const res = await post({
      patientId: p.id,
      deviceId: 'old-1',
      readingTime: minutesAgo(90),
      heartRate: 140,
    });
    expect(res.statusCode).toBe(201);
    expect((await patient(p.id)).pulse).toBe(80);
    // The admission's set (now) and the older reading (90 minutes ago), newest first.
    expect((await readingsOf(p.id)).readings.map((r: { heartRate: number }) => r.heartRate)).toEqual([
      80, 140,
    ]);
  });

  it('stores a resent reading once and answers the same way', async () => {
    const p = await admit();
    const reading = { patientId: p.id, deviceId: 'dup-1', readingTime: minutesAgo(1), heartRate: 90 };
    const first = await post(reading);
    const second = await post(reading);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await sentReadingsOf(p.id)).toHaveLength(1);
  });

  it('stores a resent reading once when its time has microseconds or an offset', async () => {
    const p = await admit();
    for (const readingTime of ['2026-01-01T07:59:30.123456Z', '2026-01-01T09:59:40.5+02:00']) {
      const reading = { patientId: p.id, deviceId: 'precise-1', readingTime, heartRate: 90 };
      const first = await post(reading);
      const second = await post(reading);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
    }
    expect(await sentReadingsOf(p.id)).toHaveLength(2);
  });

  it('answers a batch that mixes new and resent readings with the stored ids, in order', async () => {
    const p = await admit();
    const batch = [0, 1, 2].map((i) => ({
      patientId: p.id,
      deviceId: 'mix-1',
      readingTime: minutesAgo(10 - i),
      heartRate: 70 + i,
    }));
    const first = (await post(batch.slice(0, 2))).json();
    const res = await post(batch);
    expect(res.statusCode).toBe(201);
    expect(res.json().readings.slice(0, 2)).toEqual(first.readings);
    expect(res.json().readings[2]).toMatchObject({ patientId: p.id, readingTime: batch[2]!.readingTime });
    expect(await sentReadingsOf(p.id)).toHaveLength(3);
  });

  it('answers each reading of a batch with its own stored id, whatever the order of times', async () => {
    const p = await admit();
    const batch = [4, 1, 3, 0, 2].map((m, i) => ({
      patientId: p.id,
      deviceId: 'order-1',
      readingTime: minutesAgo(20 + m),
      heartRate: 60 + i,
    }));
    // New readings (one statement), then the same with one more (the resend path, row by row).
    for (const sent of [batch.slice(0, 4), batch]) {
      const answer = (await post(sent)).json();
      const history = new Map<number, { readingTime: string; heartRate: number }>(
        (await readingsOf(p.id)).readings.map((r: { id: number }) => [r.id, r]),
      );
      expect(answer.readings).toHaveLength(sent.length);
      sent.forEach((reading, i) => {
        expect(answer.readings[i].readingTime).toBe(reading.readingTime);
        expect(history.get(answer.readings[i].id)).toMatchObject({
          readingTime: reading.readingTime,
          heartRate: reading.heartRate,
        });
      });
    }
  });

  it("stores one patient's reading whatever another patient's readings claim of the same device and instant", async () => {
    // A reading's identity is its patient, device and time (issue 38): a reading sent for patient A
    // under patient B's device id cannot refuse, replace or stand in for B's own.
    const a = await admit();
    const b = await admit();
    const time = minutesAgo(3);
    const forA = await post({ patientId: a.id, deviceId: 'moved-1', readingTime: time, heartRate: 80 });
    expect(forA.statusCode).toBe(201);
    const res = await post({ patientId: b.id, deviceId: 'moved-1', readingTime: time, heartRate: 150 });
    expect(res.statusCode).toBe(201);
    expect(res.json().readings[0].id).not.toBe(forA.json().readings[0].id);
    expect((await sentReadingsOf(b.id)).map((r: { heartRate: number }) => r.heartRate)).toEqual([150]);
    expect((await sentReadingsOf(a.id)).map((r: { heartRate: number }) => r.heartRate)).toEqual([80]);
  });

  it('applies concurrent batches for one patient completely and in time order', async () => {
    // On PostgreSQL these run on separate connections: the patient row is locked before the
    // readings are inserted, so the batches queue rather than deadlock.
    const p = await admit();
    t.clock.advance(10 * 60_000);
    const secondsAgo = (s: number) => new Date(t.clock.now().getTime() - s * 1000).toISOString();
    const batches = Array.from({ length: 10 }, (_, k) =>
      Array.from({ length: 5 }, (_, i) => ({
        patientId: p.id,
        deviceId: `conc-${k}`,
        readingTime: secondsAgo((50 - (i * 10 + k)) * 10),
        heartRate: 60 + i * 10 + k,
      })),
    );
    const answers = await Promise.all(batches.map((batch) => post(batch)));
    expect(answers.map((a) => a.statusCode)).toEqual(batches.map(() => 201));
    expect(await sentReadingsOf(p.id, '?limit=100')).toHaveLength(50);
    // The newest reading of all (i = 4, k = 9) is the patient's current pulse.
    expect(await patient(p.id)).toMatchObject({ pulse: 109, lastUpdated: secondsAgo(10) });
  });

  it('honours Idempotency-Key for readings without a device id', async () => {
    const p = await admit();
    const manual = {
      patientId: p.id,
      connectionType: 'manual',
      readingTime: minutesAgo(1),
      heartRate: 77,
      respiratoryRate: 18,
    };
    const headers = { cookie, 'idempotency-key': `obs-${p.id}` };
    const first = await post(manual, headers);
    const again = await post(manual, headers);
    expect(again.json()).toEqual(first.json());
    expect(await sentReadingsOf(p.id)).toHaveLength(1);
    expect((await sentReadingsOf(p.id))[0].recordedBy).toEqual(expect.any(Number));
  });

  it('stores a batch atomically: one bad reading rejects all with 422 naming field and range', async () => {
    const p = await admit();
    t.clock.advance(20 * 60_000); // readings from after the admission
    const batch = Array.from({ length: 5 }, (_, i) => ({
      patientId: p.id,
      deviceId: 'batch-1',
      readingTime: minutesAgo(10 - i),
      heartRate: 80 + i,
    }));
    batch[3] = { ...batch[3]!, heartRate: 400 };
    const res = await post(batch);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(
      'readings[3].heartRate: Heart rate must be within 20–300 beats/min; re-measure or correct the entry',
    );
    expect(await sentReadingsOf(p.id)).toHaveLength(0);

    batch[3] = { ...batch[3]!, heartRate: 83 };
    const ok = await post(batch);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().count).toBe(5);
    expect((await patient(p.id)).pulse).toBe(84);
  });

  it.each([
    [
      { readingTime: 'yesterday', heartRate: 80 },
      'readingTime: readingTime must be a date and time, e.g. 2026-03-02T14:30:00Z',
    ],
    [
      { readingTime: 'NOW', oxygenLevel: 101 },
      'oxygenLevel: Oxygen level (SpO2) must be within 50–100 %; re-measure or correct the entry',
    ],
    [{ readingTime: 'NOW', batteryLevel: 120 }, 'batteryLevel: batteryLevel must be within 0–100 %'],
    [
      { readingTime: 'NOW', skinTemperature: 1200 },
      'skinTemperature: Skin temperature must be within 680–1076 tenths of °F, i.e. 68.0–107.6 °F (986 = 98.6 °F); re-measure or correct the entry',
    ],
    [
      { readingTime: 'NOW' },
      'A reading needs at least one measurement (heartRate, oxygenLevel, systolicBP, diastolicBP, temperature, skinTemperature, respiratoryRate, consciousness, onSupplementalOxygen, batteryLevel, steps, sleepHours)',
    ],
    [{ readingTime: 'FUTURE', heartRate: 80 }, /^readingTime .* is in the future; check the device clock/],
  ])('answers 422 for %j', async (over, message) => {
    const p = await admit();
    const readingTime =
      over.readingTime === 'NOW'
        ? minutesAgo(0)
        : over.readingTime === 'FUTURE'
          ? minutesAgo(-30)
          : over.readingTime;
    const res = await post({ patientId: p.id, ...over, readingTime });
    expect(res.statusCode).toBe(422);
    if (typeof message === 'string') expect(res.json().error).toBe(message);
    else expect(res.json().error).toMatch(message);
  });

  it('refuses readings for an unknown patient and batches over 500', async () => {
    const res = await post({ patientId: 999999, readingTime: minutesAgo(0), heartRate: 80 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('patientId: there is no patient 999999');
    const p = await admit();
    const big = Array.from({ length: 501 }, (_, i) => ({
      patientId: p.id,
      deviceId: 'x',
      readingTime: new Date(Date.parse(minutesAgo(600)) + i * 1000).toISOString(),
      heartRate: 80,
    }));
    expect((await post(big)).json().error).toBe('Send one reading object or an array of up to 500');
  });
});

describe('device tokens', () => {
  it('issues a token once, scoped to one patient, expiring and revocable', async () => {
    const a = await admit();
    const b = await admit();
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/device-tokens',
      headers: { cookie },
      payload: { patientId: a.id, label: 'Bridge', expiresInDays: 1 },
    });
    expect(issued.statusCode).toBe(201);
    const { token, id } = issued.json();
    expect(token).toMatch(/^vgl_dev_[A-Za-z0-9_-]{43}$/);
    const bearer = { authorization: `Bearer ${token}` };

    expect(
      (await post({ patientId: a.id, deviceId: 'tok', readingTime: minutesAgo(0), heartRate: 70 }, bearer))
        .statusCode,
    ).toBe(201);
    const other = await post(
      { patientId: b.id, deviceId: 'tok', readingTime: minutesAgo(0), heartRate: 70 },
      bearer,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(
      `This device token may only send readings for patient ${a.id}, not ${b.id}`,
    );
    expect(await sentReadingsOf(b.id)).toHaveLength(0);

    // The token only opens the ingest route.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/patients/${a.id}`, headers: bearer })).statusCode,
    ).toBe(401);

    const list = (
      await t.app.inject({ method: 'GET', url: `/api/patients/${a.id}/device-tokens`, headers: { cookie } })
    ).json();
    expect(list).toEqual([expect.objectContaining({ id, label: 'Bridge', revokedAt: null })]);
    expect(JSON.stringify(list)).not.toContain(token);

    t.clock.advance(25 * 3_600_000);
    const expired = await post(
      { patientId: a.id, deviceId: 'tok', readingTime: minutesAgo(0), heartRate: 71 },
      bearer,
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('The device token is unknown, expired or revoked');
    ({ cookie } = await signUp(t.app)); // the nurse's own session ended during those 25 hours too
  });

  it('stops accepting a revoked token', async () => {
    const a = await admit();
    const { token, id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-tokens',
        headers: { cookie },
        payload: { patientId: a.id },
      })
    ).json();
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await post({ patientId: a.id, deviceId: 'rev', readingTime: minutesAgo(0), heartRate: 70 }, bearer))
        .statusCode,
    ).toBe(201);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/device-tokens/${id}`, headers: { cookie } })).json()
        .revokedAt,
    ).not.toBeNull();
    expect(
      (await post({ patientId: a.id, deviceId: 'rev', readingTime: minutesAgo(0), heartRate: 72 }, bearer))
        .statusCode,
    ).toBe(401);
  });
});

describe('history', () => {
  it('pages newest first with a before cursor, default 20, at most 1000', async () => {
    const p = await admit();
    const batch = Array.from({ length: 45 }, (_, i) => ({
      patientId: p.id,
      deviceId: 'hist',
      readingTime: minutesAgo(100 - i),
      heartRate: 60 + i,
    }));
    expect((await post(batch)).statusCode).toBe(201);
    const first = await readingsOf(p.id);
    expect(first.readings).toHaveLength(20);
    // The admission's set (now, pulse 80) is the newest, then the batch's newest.
    expect(first.readings.slice(0, 2).map((r: { heartRate: number }) => r.heartRate)).toEqual([80, 104]);
    const second = await readingsOf(p.id, `?limit=20&before=${first.nextBefore}`);
    expect(second.readings[0].heartRate).toBe(85);
    const third = await readingsOf(p.id, `?limit=20&before=${second.nextBefore}`);
    expect(third.readings).toHaveLength(6);
    expect(third.nextBefore).toBeNull();
    const recent = await readingsOf(p.id, `?limit=1000&since=${encodeURIComponent(minutesAgo(60))}`);
    expect(recent.readings).toHaveLength(6); // minutes 60…56 ago, and the admission's set
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${p.id}/readings?limit=1001`,
      headers: { cookie },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('limit must be within 1–1000');
  });
});

describe("one patient's device token and another patient's monitor (issue 38, finding 1)", () => {
  it("cannot silence another patient's device: the victim's readings are stored, score and alert", async () => {
    const attacker = await admit();
    const victim = await admitPatient(t.app, cookie, { name: 'Victim Patient' });
    const tokenOf = async (patientId: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/device-tokens',
          headers: { cookie },
          payload: { patientId, label: 'Monitor', expiresInDays: 1 },
        })
      ).json().token as string;
    const attackerToken = await tokenOf(attacker.id);
    const victimToken = await tokenOf(victim.id);
    t.clock.advance(60_000);
    // The attacker's token fills the next minutes with readings for its own patient, under the
    // victim's device id (listed by GET /api/device-links), one a second.
    const times = Array.from({ length: 3 }, (_, i) =>
      new Date(t.clock.now().getTime() + i * 1000).toISOString(),
    );
    const squat = await post(
      times.map((readingTime) => ({
        patientId: attacker.id,
        deviceId: 'victim-monitor',
        readingTime,
        heartRate: 70,
      })),
      { authorization: `Bearer ${attackerToken}` },
    );
    expect(squat.statusCode).toBe(201);
    // The victim's monitor then sends the same instants: all of them are stored, none refused.
    const real = await post(
      times.map((readingTime) => ({
        patientId: victim.id,
        deviceId: 'victim-monitor',
        readingTime,
        heartRate: 150,
        respiratoryRate: 30,
        oxygenLevel: 85,
      })),
      { authorization: `Bearer ${victimToken}` },
    );
    expect(real.statusCode, real.body).toBe(201);
    expect(new Set(real.json().readings.map((r: { id: number }) => r.id)).size).toBe(3);
    expect((await sentReadingsOf(victim.id)).map((r: { heartRate: number }) => r.heartRate)).toEqual([
      150, 150, 150,
    ]);
    expect((await patient(victim.id)).news2.total).toBeGreaterThanOrEqual(7);
    // A device's value is confirmed by its second reading: the emergency alert is raised.
    const alerts = (
      await t.app.inject({
        method: 'GET',
        url: `/api/alerts?patientId=${victim.id}&state=all`,
        headers: { cookie },
      })
    ).json();
    expect(alerts.map((a: { condition: string }) => a.condition)).toContain('news2-emergency');
    // The attacker's own readings are its patient's only.
    expect((await sentReadingsOf(attacker.id)).map((r: { heartRate: number }) => r.heartRate)).toEqual([
      70, 70, 70,
    ]);
  });
});
