import { AnalysisResult, type Patient, type PatientNews2, Patient as PatientSchema } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPatientState } from '../src/db/backfill.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, signUp, storeWearableSummary } from './support/factories.ts';

// The record's analysis carries the patient's own NEWS2 (decision 014): one score per patient,
// whatever values the patient's record holds that may not count.

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000).toISOString();
const getPatient = async (id: number) =>
  PatientSchema.parse((await t.as({ cookie }, 'GET', `/api/patients/${id}`)).json());
const getAnalysis = async (id: number) => {
  const res = await t.as({ cookie }, 'GET', `/api/patients/${id}/analysis`);
  expect(res.statusCode).toBe(200);
  return AnalysisResult.parse(res.json());
};
/** The patient's NEWS2 summary in the analysis answer's shape. */
const asAnalysisNews2 = (n: PatientNews2): AnalysisResult['news2'] => ({
  total: n.total,
  band: n.band,
  redScore: n.redScore,
  redScoreParameters: n.redScoreParameters,
  scores: Object.fromEntries(
    n.parameters.map((p) => [p.parameter, p.score]),
  ) as AnalysisResult['news2']['scores'],
  complete: n.complete,
  missing: n.missing,
  spo2Scale: n.spo2Scale,
  monitoring: n.monitoring,
  response: n.response,
  findings: n.findings,
});

/**
 * A real patient as an old "Use Demo Device" left her and the start-up backfill found her: a pulse
 * of 150 that only a simulated reading ever set (kept, shown as simulation, never scored).
 */
async function legacyPatient(name: string): Promise<Patient> {
  const p = await admitPatient(t.app, cookie, { name });
  // Stored before migration 0017, her admission's values had no reading of their own.
  await t.database.db.execute(sql`delete from vital_readings where patient_id = ${p.id}`);
  await t.database.db.execute(
    sql`insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time, heart_rate, provenance)
        values (${p.id}, ${`old-demo-${p.id}`}, 'Demo HR', 'Simulation', ${minutesAgo(2)}, 150, 'simulation')`,
  );
  await t.database.db.execute(
    sql`update patients set pulse = 150, news2 = null, news2_total = null, sources = '{}' where id = ${p.id}`,
  );
  await backfillPatientState(t.database.db, t.clock.now());
  return getPatient(p.id);
}

describe("the record's analysis", () => {
  it("carries GET /api/patients/:id's NEWS2 for a patient holding values that do not count", async () => {
    const p = await legacyPatient('Legacy Analysis');
    expect(p.pulse).toBe(150);
    expect(p.sources.pulse).toMatchObject({ provenance: 'simulation' });
    // A wearable's overnight summary is stored beside her values and never counts either.
    await storeWearableSummary(
      t.app,
      p.id,
      { start: minutesAgo(8 * 60), end: minutesAgo(1) },
      { heartRate: 39, oxygenLevel: 88 },
    );
    const patient = await getPatient(p.id);
    expect(patient.news2.missing).toEqual(['pulse']);
    const analysis = await getAnalysis(p.id);
    expect(analysis.news2).toEqual(asAnalysisNews2(patient.news2));
    // Its words follow the same score: the simulated pulse is not the patient's, so not assessed.
    expect(analysis.vitalSigns.heartRate).toEqual({ status: 'UNKNOWN', comment: 'HR not recorded' });
    expect(analysis.notice).toMatch(/pulse not recorded/);
  });

  it('still equals the patient’s NEWS2 once later observations and a scale change score her again', async () => {
    const p = await legacyPatient('Legacy Rescored');
    t.clock.advance(60_000);
    await recordReadings(
      t.app,
      { cookie },
      { patientId: p.id, readingTime: t.clock.now().toISOString(), respiratoryRate: 22 },
    );
    let patient = await getPatient(p.id);
    // The new observation scores (RR 22: 2); the simulated pulse of 150 (3) still does not.
    expect(patient.news2.total).toBe(2);
    expect(patient.news2.missing).toEqual(['pulse']);
    expect((await getAnalysis(p.id)).news2).toEqual(asAnalysisNews2(patient.news2));

    const res = await t.as({ cookie }, 'PATCH', `/api/patients/${p.id}`, { spo2Scale: 2 });
    expect(res.statusCode).toBe(200);
    patient = await getPatient(p.id);
    expect(patient.news2).toMatchObject({ spo2Scale: 2, missing: ['pulse'] });
    expect((await getAnalysis(p.id)).news2).toEqual(asAnalysisNews2(patient.news2));
  });
});
