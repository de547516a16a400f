import { News2Point, ReadingsPage, trendTimeMs, VitalsTrend } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import type { Bundle, Observation } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp } from './support/factories.ts';

// Every observation in the record, at any rate (decision 029): one write path for every way a
// vital sign is entered, trends bounded whatever the rate of readings, and storage that stays
// bounded. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let nurse: Session;
beforeAll(async () => {
  t = await createTestApp();
  nurse = await signUp(t.app);
});
afterAll(() => t.close());

const get = async (url: string, who: Session = nurse) => {
  const res = await t.as(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const historyOf = async (id: number) =>
  ReadingsPage.parse(await get(`/api/patients/${id}/readings?limit=1000`));
const seriesOf = async (id: number, query = '') =>
  News2Point.array().parse(await get(`/api/patients/${id}/news2-series${query}`));
const trendOf = async (id: number, query = '') =>
  VitalsTrend.parse(await get(`/api/patients/${id}/trend${query}`));
const fhirOf = async (id: number) =>
  ((await get(`/fhir/R4/Observation?patient=${id}&_count=1000`)) as Bundle).entry?.map(
    (e) => e.resource as Observation,
  ) ?? [];
const loinc = (observations: Observation[], code: string) =>
  observations.filter((o) => o.code.coding?.some((c) => c.code === code)).map((o) => o.valueQuantity?.value);

/** The critical set of the issue: RR 28, SpO2 88 on air, BP 85/50, HR 135, new confusion, 39.2 °C. */
const CRITICAL = {
  name: 'Admitted Critical',
  respiratoryRate: 28,
  oxygenLevel: 88,
  onSupplementalOxygen: false,
  systolicBP: 85,
  diastolicBP: 50,
  pulse: 135,
  consciousness: 'C',
  temperature: 1026, // 102.6 °F = 39.2 °C
};

describe('one write path for every observation', () => {
  it('stores an admission set, an edit of vitals and a recorded set as readings the history, series, trend and FHIR show', async () => {
    const p = await admitPatient(t.app, nurse.cookie, CRITICAL);
    expect(p.news2.total).toBe(17);
    let history = await historyOf(p.id);
    expect(history.readings).toHaveLength(1);
    expect(history.readings[0]).toMatchObject({
      provenance: 'observation',
      status: 'valid',
      recordedBy: nurse.user.id,
      readingTime: p.lastUpdated,
      respiratoryRate: 28,
      oxygenLevel: 88,
      systolicBP: 85,
      heartRate: 135,
      consciousness: 'C',
    });
    expect((await seriesOf(p.id)).map((point) => point.total)).toEqual([17]);
    const trend = await trendOf(p.id);
    expect(trend).toMatchObject({
      resolution: 'readings',
      readingCount: 1,
      newestReadingTime: p.lastUpdated,
    });
    expect(trend.vitals.respiratoryRate?.last).toEqual([28]);
    expect(trend.news2.total).toEqual([17]);
    expect(loinc(await fhirOf(p.id), '9279-1')).toEqual([28]); // respiratory rate

    // A change of vitals through "Edit patient" is the nurse's observation, now.
    t.clock.advance(60_000);
    const edited = await t.as(nurse, 'PATCH', `/api/patients/${p.id}`, {
      respiratoryRate: 30,
      oxygenLevel: 85,
    });
    expect(edited.statusCode).toBe(200);
    history = await historyOf(p.id);
    expect(history.readings).toHaveLength(2);
    expect(history.readings[0]).toMatchObject({
      provenance: 'observation',
      recordedBy: nurse.user.id,
      respiratoryRate: 30,
      oxygenLevel: 85,
      heartRate: null,
    });
    expect(edited.json()).toMatchObject({ respiratoryRate: 30, oxygenLevel: 85, news2: { total: 17 } });

    // "Record observations": the same path.
    t.clock.advance(60_000);
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: t.clock.now().toISOString(),
      respiratoryRate: 24,
    });
    expect((await historyOf(p.id)).readings).toHaveLength(3);
    expect((await seriesOf(p.id)).map((point) => point.total)).toEqual([17, 17, 16]);
    expect((await trendOf(p.id)).vitals.respiratoryRate?.last).toEqual([28, 30, 24]);
    expect(loinc(await fhirOf(p.id), '9279-1').sort()).toEqual([24, 28, 30]);
  });
});

describe('a value entered in error', () => {
  it('is corrected, not overwritten: it leaves NEWS2, the series and the trend, and stays in the history with who corrected it', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Wrong Pulse' });
    t.clock.advance(60_000);
    const { readings } = await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: t.clock.now().toISOString(),
      heartRate: 135,
    });
    const wrong = readings[0]!.id;
    expect((await get(`/api/patients/${p.id}`)).news2.total).toBe(3);

    const res = await t.as(nurse, 'POST', `/api/patients/${p.id}/readings/${wrong}/entered-in-error`, {
      reason: 'recorded on the wrong patient',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().marked).toMatchObject({
      id: wrong,
      status: 'entered-in-error',
      correction: { by: nurse.user.id, byName: nurse.user.username, reason: 'recorded on the wrong patient' },
    });
    // The pulse falls back to the admission's 80; the score with it.
    const patient = await get(`/api/patients/${p.id}`);
    expect(patient).toMatchObject({ pulse: 80, news2: { total: 0 } });
    const history = await historyOf(p.id);
    expect(history.readings.find((r) => r.id === wrong)).toMatchObject({
      status: 'entered-in-error',
      heartRate: 135,
      correction: { byName: nurse.user.username },
    });
    expect((await seriesOf(p.id)).map((point) => point.readingId)).not.toContain(wrong);
    expect((await trendOf(p.id)).vitals.heartRate?.last).toEqual([80]);
    const fhir = await fhirOf(p.id);
    expect(fhir.find((o) => o.id === `${wrong}-heart-rate`)?.status ?? 'entered-in-error').toBe(
      'entered-in-error',
    );
    expect(
      await t.count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Observation' and entity_id = ${String(wrong)} and detail like 'marked entered in error%'`,
      ),
    ).toBe(1);

    // Twice is refused; so is the patient's only pulse without a value to replace it.
    expect(
      (
        await t.as(nurse, 'POST', `/api/patients/${p.id}/readings/${wrong}/entered-in-error`, {
          reason: 'again',
        })
      ).json().code,
    ).toBe('ALREADY_ENTERED_IN_ERROR');
    const admission = history.readings.find((r) => r.id !== wrong)!.id;
    const only = await t.as(nurse, 'POST', `/api/patients/${p.id}/readings/${admission}/entered-in-error`, {
      reason: 'cuff on the wrong arm',
    });
    expect(only.statusCode).toBe(409);
    expect(only.json()).toMatchObject({ code: 'CORRECTION_NEEDED' });
    expect(only.json().error).toMatch(/only .*pulse/);

    // With its corrected values it is replaced, at the time it was measured.
    const corrected = await t.as(
      nurse,
      'POST',
      `/api/patients/${p.id}/readings/${admission}/entered-in-error`,
      {
        reason: 'cuff on the wrong arm',
        correction: {
          heartRate: 82,
          systolicBP: 118,
          diastolicBP: 76,
          oxygenLevel: 97,
          temperature: 986,
          respiratoryRate: 16,
          consciousness: 'A',
          onSupplementalOxygen: false,
        },
      },
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    const correctionId = corrected.json().correctionId as number;
    const after = await historyOf(p.id);
    expect(after.readings.find((r) => r.id === correctionId)).toMatchObject({
      corrects: admission,
      readingTime: after.readings.find((r) => r.id === admission)!.readingTime,
      heartRate: 82,
      status: 'valid',
    });
    expect(await get(`/api/patients/${p.id}`)).toMatchObject({ pulse: 82, news2: { total: 0 } });
  });

  it("refuses a device's reading and another patient's", async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Device Reading' });
    const other = await admitPatient(t.app, nurse.cookie, { name: 'Other Patient' });
    const { readings } = await recordReadings(t.app, nurse, {
      patientId: p.id,
      deviceId: 'oxi-9',
      connectionType: 'Bluetooth',
      readingTime: t.clock.now().toISOString(),
      heartRate: 99,
    });
    const device = await t.as(
      nurse,
      'POST',
      `/api/patients/${p.id}/readings/${readings[0]!.id}/entered-in-error`,
      {
        reason: 'artefact',
      },
    );
    expect(device.statusCode).toBe(409);
    expect(device.json().code).toBe('NOT_AN_OBSERVATION');
    const elsewhere = await t.as(
      nurse,
      'POST',
      `/api/patients/${other.id}/readings/${readings[0]!.id}/entered-in-error`,
      { reason: 'x' },
    );
    expect(elsewhere.statusCode).toBe(404);
    const blank = await t.as(
      nurse,
      'POST',
      `/api/patients/${p.id}/readings/${readings[0]!.id}/entered-in-error`,
      {
        reason: ' ',
      },
    );
    expect(blank.statusCode).toBe(400);
  });
});

/** A day of one heart-rate and SpO2 reading a second, ending `endMs`, written in SQL: 86,400 readings. */
async function aDayAtOneHertz(patientId: number, endMs: number, dipAtSecond: number) {
  await t.database.db.execute(sql`
    insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time,
      heart_rate, oxygen_level, provenance, kept)
    select ${patientId}, 'monitor-1', 'Bedside monitor', 'Bluetooth',
      ${new Date(endMs).toISOString()}::timestamptz - (86400 - s) * interval '1 second',
      70 + s % 7, case when s = ${dipAtSecond} then 85 else 97 end, 'device', false
    from generate_series(1, 86400) s`);
}

describe('a trend at a reading a second', () => {
  let p: { id: number };
  let endMs: number;
  const dipSecond = 50_000;
  beforeAll(async () => {
    p = await admitPatient(t.app, nurse.cookie, { name: 'Monitored All Day' });
    await t.app.services.readingStorage.ensurePartitions();
    endMs = t.clock.now().getTime() - 30_000;
    await aDayAtOneHertz(p.id, endMs, dipSecond);
    // Summarised as the background work does it: the first run notes what arrived, the next summarises.
    await t.app.services.readingStorage.rollup();
    await t.app.services.readingStorage.rollup();
  }, 120_000);

  it.each([
    ['24 hours', () => '', 60_000],
    [
      '7 days',
      () => `?from=${encodeURIComponent(new Date(t.clock.now().getTime() - 7 * 86_400_000).toISOString())}`,
      600_000,
    ],
  ])(
    'answers the %s at most 1,500 points per vital sign, ending at the newest reading, keeping the dip',
    async (_window, window, bucketMs) => {
      const query = window();
      const trend = await trendOf(p.id, query);
      expect(trend.resolution).toBe('buckets');
      expect(trend.bucketMs).toBe(bucketMs);
      for (const series of Object.values(trend.vitals)) expect(series.last.length).toBeLessThanOrEqual(1500);
      expect(trend.offsetMs.length).toBeLessThanOrEqual(1500);
      expect(Date.parse(trend.newestReadingTime!)).toBeGreaterThan(t.clock.now().getTime() - 60_000);
      expect(trendTimeMs(trend, trend.offsetMs.length - 1)).toBe(Date.parse(trend.newestReadingTime!));
      // The single SpO2 of 85 among readings of 97 is its bucket's minimum, and its score (3) the
      // bucket's highest while its last reading scores 0.
      const spo2 = trend.vitals.oxygenLevel!;
      const dip = spo2.min.indexOf(85);
      expect(dip).toBeGreaterThanOrEqual(0);
      expect(spo2.min.filter((v) => v === 85)).toHaveLength(1);
      expect(spo2.last[dip]).toBe(97);
      expect(trend.news2.highest[dip]! - trend.news2.total[dip]!).toBe(3);
      expect(JSON.stringify(trend).length).toBeLessThan(100_000);
    },
  );

  it('keeps its five-minute summaries equal to its per-minute ones, a late reading joining both', async () => {
    // A reading of an hour ago arriving now joins the minute and the five minutes it belongs to.
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      deviceId: 'monitor-late',
      connectionType: 'Bluetooth',
      readingTime: new Date(endMs - 3_600_000 + 500).toISOString(),
      heartRate: 190,
    });
    await t.app.services.readingStorage.rollup();
    await t.app.services.readingStorage.rollup();
    // The per-minute summaries summed per five minutes, and the five-minute summaries, as sets.
    const perMinute = `select date_bin(interval '5 minutes', minute, timestamptz 'epoch') as period, vital,
        provenance, sum(count)::int as count, min(min) as min, max(max) as max,
        (array_agg(last order by last_at desc))[1] as last, max(last_at) as last_at
      from vital_minutes where patient_id = ${p.id} group by 1, 2, 3`;
    const perFive = `select period, vital, provenance, count, min, max, last, last_at
      from vital_five_minutes where patient_id = ${p.id}`;
    const difference = (a: string, b: string) =>
      t.count(sql.raw(`select count(*)::int as n from (${a} except ${b}) x`));
    expect(await difference(perMinute, perFive)).toBe(0);
    expect(await difference(perFive, perMinute)).toBe(0);
    // A day of readings: 288 periods of five minutes for each of heart rate and SpO2.
    expect(
      await t.count(sql`select count(*)::int as n from vital_five_minutes where patient_id = ${p.id}`),
    ).toBeGreaterThanOrEqual(2 * 288);
    expect(
      await t.count(
        sql`select count(*)::int as n from vital_five_minutes where patient_id = ${p.id} and max = 190`,
      ),
    ).toBe(1);
    // Three days are answered in buckets of five minutes, from those summaries: the late reading
    // is its bucket's highest.
    const trend = await trendOf(
      p.id,
      `?from=${encodeURIComponent(new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString())}`,
    );
    expect(trend.bucketMs).toBe(300_000);
    expect(trend.vitals.heartRate!.max.filter((v) => v === 190)).toHaveLength(1);
  });

  it('answers every reading of a window that holds few', async () => {
    const to = new Date(endMs).toISOString();
    const from = new Date(endMs - 99_500).toISOString(); // the last 100 seconds: 100 readings
    const trend = await trendOf(p.id, `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(trend.resolution).toBe('readings');
    expect(trend.readingCount).toBe(100);
    expect(trend.readingId).toHaveLength(100);
  });

  it('ends at a reading not summarised yet, and bounds the NEWS2 series the same way', async () => {
    t.clock.advance(5_000);
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      deviceId: 'monitor-1',
      connectionType: 'Bluetooth',
      readingTime: t.clock.now().toISOString(),
      heartRate: 131,
      oxygenLevel: 96,
    });
    const trend = await trendOf(p.id);
    expect(trend.newestReadingTime).toBe(t.clock.now().toISOString());
    expect(trend.vitals.heartRate?.last.at(-1)).toBe(131);
    const series = await seriesOf(p.id);
    expect(series.length).toBeLessThanOrEqual(1500);
    expect(series.at(-1)).toMatchObject({ readingTime: t.clock.now().toISOString(), readingId: null });
    expect(series.some((point) => (point.highest ?? 0) > point.total)).toBe(true);
  });

  it('refuses a window over a week or under a minute', async () => {
    const res = await t.as(nurse, 'GET', `/api/patients/${p.id}/trend?from=2026-01-01T00:00:00Z`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/at most 7 days/);
  });
});

describe('storage that stays bounded', () => {
  // A database of its own: retention removes every patient's old raw readings.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('drops raw device days past retention, keeping their minute summaries, observations and what alerts name', async () => {
    const DAY = 86_400_000;
    const staff = await signUp(t.app);
    const p = await admitPatient(t.app, staff.cookie, { name: 'Retained' });
    const partitions = () =>
      t.count(sql`select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhparent
        where c.relname = 'vital_readings_stream'`);
    const first = t.clock.now().getTime();
    let pinned = 0;
    // Ten days of device readings (one a minute for an hour a day), a day at a time as a ward runs.
    for (let day = 0; day < 10; day++) {
      await t.app.services.readingStorage.ensurePartitions();
      const at = t.clock.now().getTime();
      await t.database.db.execute(sql`
        insert into vital_readings (patient_id, device_id, reading_time, heart_rate, provenance, kept)
        select ${p.id}, 'monitor-r', ${new Date(at).toISOString()}::timestamptz - s * interval '1 minute',
          60 + s, 'device', false
        from generate_series(1, 60) s`);
      if (day === 1) {
        // A device reading that raised an alert: kept for the record's life.
        const [row] = (
          (await t.database.db.execute(
            sql`select id from vital_readings where patient_id = ${p.id} and reading_time < ${new Date(at).toISOString()} order by reading_time desc limit 1`,
          )) as unknown as { rows: { id: number }[] }
        ).rows;
        pinned = row!.id;
        await t.database.db.execute(sql`
          insert into alerts (patient_id, kind, condition, priority, state, latched, message, response, raised_at, raised_by_reading)
          values (${p.id}, 'clinical', 'news2-urgent', 'medium', 'resolved', false, 'NEWS2 5', 'Review', ${new Date(at).toISOString()}, ${pinned})`);
      }
      await t.app.services.readingStorage.rollup();
      await t.app.services.readingStorage.rollup();
      t.clock.advance(DAY);
    }
    const raw = () =>
      t.count(
        sql`select count(*)::int as n from vital_readings where patient_id = ${p.id} and provenance = 'device'`,
      );
    const summarised = () =>
      t.count(sql`select coalesce(sum(count), 0)::int as n from vital_minutes where patient_id = ${p.id}`);
    expect(await raw()).toBe(600);
    const summariesBefore = await summarised();
    expect(summariesBefore).toBe(600);
    const partitionsBefore = await partitions();
    const who = await signIn(t.app, staff.user.username);

    const result = await t.app.services.readingStorage.applyRetention();
    // Retention of 7 days at day 10: days 0–2 (180 readings) go, but the one an alert names.
    expect(result.ran).toBe(true);
    expect(result.removedReadings).toBe(179);
    expect(result.droppedPartitions).toHaveLength(4); // the day before the first, and days 0–2
    expect(result.pinnedReadings).toBe(1);
    expect(await raw()).toBe(421);
    expect(await summarised()).toBe(summariesBefore);
    expect(result.droppedPartitions.length).toBeGreaterThan(0);
    expect(await partitions()).toBe(partitionsBefore - result.droppedPartitions.length);
    // The admission's set (a person's) stays, and so does the pinned reading, in the history.
    const history = (
      await t.as(
        who,
        'GET',
        `/api/patients/${p.id}/readings?limit=1000&since=${new Date(first - DAY).toISOString()}`,
      )
    ).json();
    expect(
      history.readings.filter((r: { provenance: string }) => r.provenance === 'observation'),
    ).toHaveLength(1);
    expect(history.readings.map((r: { id: number }) => r.id)).toContain(pinned);
    // A week-old trend is still drawn, from the summaries.
    const trend = VitalsTrend.parse(
      (
        await t.as(
          who,
          'GET',
          `/api/patients/${p.id}/trend?from=${encodeURIComponent(new Date(first - DAY).toISOString())}&to=${encodeURIComponent(new Date(first + 3 * DAY).toISOString())}`,
        )
      ).json(),
    );
    expect(trend.vitals.heartRate?.count.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(180);
    expect(
      await t.count(
        sql`select count(*)::int as n from audit_events where entity_type = 'VitalReading' and action = 'delete' and detail like 'retention:%'`,
      ),
    ).toBe(1);
  });
});
