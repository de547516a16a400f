import { NEWS2_CHART4, type Patient, Patient as PatientSchema } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';

// The server sends the words, the web draws them (issue 39): every patient's NEWS2 carries each
// scoring parameter's side of the chart's normal band and the limit it crossed, the plain
// findings and the RCP Chart 4 response, in today's words even for a summary stored before them.

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const getPatient = async (id: number) =>
  PatientSchema.parse((await t.as({ cookie }, 'GET', `/api/patients/${id}`)).json());
const parameter = (p: Patient, name: Patient['news2']['parameters'][number]['parameter']) =>
  p.news2.parameters.find((x) => x.parameter === name)!;

/** RR 26, SpO2 89 on oxygen, SBP 88, pulse 45, new confusion, 39.3 °C: NEWS2 17. */
const CRITICAL = {
  name: 'Critical Words',
  respiratoryRate: 26,
  oxygenLevel: 89,
  onSupplementalOxygen: true,
  systolicBP: 88,
  diastolicBP: 52,
  pulse: 45,
  consciousness: 'C',
  temperature: 1027,
};

describe("a patient's NEWS2 words", () => {
  it('carries per parameter its score, side and limit, the findings and the Chart 4 response', async () => {
    const admitted = await admitPatient(t.app, cookie, CRITICAL);
    const p = await getPatient(admitted.id);
    expect(p.news2.total).toBe(17);
    expect(p.news2.band).toBe('high');
    expect(parameter(p, 'respiratoryRate')).toMatchObject({ score: 3, side: 'high', limit: '≥ 25' });
    expect(parameter(p, 'spo2')).toMatchObject({ score: 3, side: 'low', limit: '≤ 91' });
    expect(parameter(p, 'systolicBP')).toMatchObject({ score: 3, side: 'low', limit: '≤ 90' });
    expect(parameter(p, 'pulse')).toMatchObject({ score: 1, side: 'low', limit: '≤ 50' });
    expect(parameter(p, 'temperature')).toMatchObject({ score: 2, side: 'high', limit: '≥ 39.1' });
    // Air or oxygen and ACVPU score without a side of a numeric band.
    expect(parameter(p, 'airOrOxygen')).toMatchObject({ score: 2, side: null, limit: null });
    expect(parameter(p, 'consciousness')).toMatchObject({ score: 3, side: null, limit: null });
    expect(p.news2.response).toBe(NEWS2_CHART4.emergency.response);
    expect(p.news2.findings).toBe(
      'High risk, NEWS2 17. Breathing rate, oxygen level, blood pressure and alertness are dangerously abnormal; pulse and temperature are also out of range; on oxygen.',
    );
  });

  it('a value in the normal band has no side and no limit', async () => {
    const p = await getPatient((await admitPatient(t.app, cookie, { name: 'Well Words' })).id);
    expect(p.news2.parameters.every((x) => x.side === null && x.limit === null)).toBe(true);
    expect(p.news2.response).toBe(NEWS2_CHART4.zero.response);
    expect(p.news2.findings).toBe('Low risk, NEWS2 0. All observations are in the normal range.');
  });

  it('a summary stored in older words, or without them, is answered in today’s', async () => {
    const p = await admitPatient(t.app, cookie, { ...CRITICAL, name: 'Old Words' });
    // As a summary stored before the words existed: no side, limit or findings, an older response.
    await t.database.db.execute(sql`
      update patients set news2 = jsonb_set(
        jsonb_set(news2 - 'findings', '{response}', '"Call for help."'),
        '{parameters}',
        (select jsonb_agg(p - 'side' - 'limit') from jsonb_array_elements(news2->'parameters') p)
      ) where id = ${p.id}`);
    const answered = await getPatient(p.id);
    expect(answered.news2.response).toBe(NEWS2_CHART4.emergency.response);
    expect(answered.news2.findings).toMatch(/^High risk, NEWS2 17\./);
    expect(parameter(answered, 'respiratoryRate')).toMatchObject({ side: 'high', limit: '≥ 25' });
  });
});
