import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnalysisResult } from '@vigil/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiNarrator } from '../src/modules/analysis/narrator.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type PatientOverrides, recordReadings, signUp } from './support/factories.ts';

/** A patient whose NEWS2 is high: RR 25 (3), SpO2 93 (2), SBP 100 (2), HR 130 (2), 38.5 °C (1) = 10. */
const CRITICAL = {
  name: 'Test Critical',
  condition: 'Critical',
  oxygenLevel: 93,
  pulse: 130,
  systolicBP: 100,
  diastolicBP: 60,
  temperature: 1013, // 101.3 °F = 38.5 °C
  respiratoryRate: 25,
  consciousness: 'A',
  onSupplementalOxygen: false,
};
const WELL = {
  ...CRITICAL,
  name: 'Test Well',
  condition: 'Stable',
  oxygenLevel: 99,
  pulse: 65,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 995,
  respiratoryRate: 18,
};

type Mode = 'ok' | 'slow' | 'invalid' | 'reject' | 'lower' | 'error';

/** A small OpenAI-compatible server on loopback, driven through the real `openai` client. */
function startFakeModel() {
  const state = { mode: 'ok' as Mode, calls: 0, lastBody: '' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      state.calls++;
      state.lastBody = raw;
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const completion = (content: string) => ({
        id: 'cmpl-1',
        object: 'chat.completion',
        created: 0,
        model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      });
      const narrative = (level: string, status: string) =>
        JSON.stringify({
          analysis: 'Model narrative: the patient needs an emergency assessment.',
          recommendations: ['Call the critical care outreach team now.'],
          alertLevel: level,
          vitalSigns: { heartRate: status, oxygenLevel: status, bloodPressure: status, temperature: status },
        });
      switch (state.mode) {
        case 'ok':
          return reply(200, completion(narrative('CRITICAL', 'CRITICAL')));
        case 'lower':
          return reply(200, completion(narrative('NORMAL', 'NORMAL')));
        case 'invalid':
          return reply(200, completion('this is not JSON'));
        case 'reject':
          return reply(401, {
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          });
        case 'error':
          return reply(500, { error: { message: 'boom' } });
        case 'slow':
          setTimeout(() => reply(200, completion(narrative('CRITICAL', 'CRITICAL'))), 1500);
      }
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        state,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

describe('rule-based analysis (no model configured)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUp(t.app));
  });
  afterAll(() => t.close());

  const admit = (body: PatientOverrides) => admitPatient(t.app, cookie, body);

  it('analyses a stored patient with NEWS2: worked example 10 → CRITICAL', async () => {
    const { id } = await admit(CRITICAL);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${id}/analysis`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The answer is not re-validated on the way out: the contract is checked here.
    expect(AnalysisResult.safeParse(body).error).toBeUndefined();
    expect(body).toMatchObject({
      alertLevel: 'CRITICAL',
      source: 'rules',
      predictedTrend: 'STABLE',
      news2: { total: 10, band: 'high', redScore: true, complete: true, missing: [] },
      trend: { basis: 'insufficient-data' },
    });
    expect(body.news2.scores).toEqual({
      respiratoryRate: 3,
      spo2: 2,
      airOrOxygen: 0,
      systolicBP: 2,
      pulse: 2,
      consciousness: 0,
      temperature: 1,
    });
    expect(body.vitalSigns.heartRate.status).toBe('ATTENTION');
    expect(body.vitalSigns.heartRate.comment).toContain('130');
    expect(body.analysis).toContain('NEWS2 10');
    expect(body.recommendations.length).toBeGreaterThan(0);
  });

  it('reports missing parameters instead of scoring them normal', async () => {
    const { id } = await admit({ ...WELL, respiratoryRate: undefined, consciousness: undefined });
    const body = (
      await t.app.inject({ method: 'GET', url: `/api/patients/${id}/analysis`, headers: { cookie } })
    ).json();
    expect(body.news2.complete).toBe(false);
    expect(body.news2.missing).toEqual(expect.arrayContaining(['respiratoryRate', 'consciousness']));
    expect(body.news2.scores.respiratoryRate).toBeNull();
    expect(body.notice).toMatch(/Incomplete NEWS2/);
  });

  it('answers 404 JSON for an unknown patient and 400 for a bad id', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/patients/999999/analysis',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Patient not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/patients/abc/analysis', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Patient id must be a number');
  });

  it('analyses an unstored set of vitals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vitals/analysis',
      headers: { cookie },
      payload: {
        heartRate: 65,
        oxygenLevel: 99,
        systolicBP: 120,
        diastolicBP: 80,
        temperature: 995,
        respiratoryRate: 18,
        consciousness: 'A',
        onSupplementalOxygen: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      alertLevel: 'NORMAL',
      news2: { total: 0, band: 'low', complete: true },
    });
  });

  it.each([
    [{ heartRate: 500 }, 'Heart rate must be within 20–300 beats/min; re-measure or correct the entry'],
    [{ oxygenLevel: 101 }, 'Oxygen level (SpO2) must be within 50–100 %; re-measure or correct the entry'],
    [
      { diastolicBP: 130 },
      'Diastolic blood pressure must be lower than systolic; check that the two values are not swapped',
    ],
    [{ consciousness: 'X' }, 'Consciousness must be one of A, C, V, P, U (ACVPU scale)'],
    [{ spo2Scale: 3 }, 'spo2Scale must be 1 or 2 (2 only for a target of 88–92 %)'],
  ])('rejects impossible vitals %j with 400', async (override, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vitals/analysis',
      headers: { cookie },
      payload: {
        heartRate: 80,
        oxygenLevel: 97,
        systolicBP: 120,
        diastolicBP: 80,
        temperature: 986,
        ...override,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 404 when the vitals name an unknown patient', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vitals/analysis',
      headers: { cookie },
      payload: {
        heartRate: 80,
        oxygenLevel: 97,
        systolicBP: 120,
        diastolicBP: 80,
        temperature: 986,
        patientId: 999999,
      },
    });
    expect(res.statusCode).toBe(404);
  });

  it('uses reading history for the trend', async () => {
    const { id } = await admit(WELL);
    const now = t.clock.now().getTime();
    // Scores rising over four hours: pulse climbing into the 111–130 band, SpO2 falling.
    await recordReadings(
      t.app,
      { cookie },
      [0, 1, 2, 3, 4].map((h) => ({
        patientId: id,
        readingTime: new Date(now - (4 - h) * 3_600_000).toISOString(),
        heartRate: 70 + h * 15,
        oxygenLevel: 98 - h,
        systolicBP: 120,
        temperature: 986,
        respiratoryRate: 16 + h * 2,
        consciousness: 'A' as const,
        onSupplementalOxygen: false,
      })),
    );
    const body = (
      await t.app.inject({ method: 'GET', url: `/api/patients/${id}/analysis`, headers: { cookie } })
    ).json();
    expect(body.predictedTrend).toBe('DECLINING');
    expect(body.trend.basis).toBe('history');
  });

  it('tells the client that the rules are the active analysis', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie } });
    expect(res.json().analysis).toEqual({ source: 'rules', model: null });
  });
});

describe('language-model narrative', () => {
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  let t: TestApp;
  let cookie: string;
  let criticalId: number;
  beforeAll(async () => {
    model = await startFakeModel();
    t = await createTestApp();
    // Rebuild with a narrator pointing at the loopback model (short timeout to test it quickly).
    await t.app.close();
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        AI_API_KEY: 'sk-test',
        AI_BASE_URL: model.url,
        AI_MODEL: 'test-model',
        WEB_DIST: '/none',
      }),
      database: t.database,
      clock: t.clock,
      logger: false,
      narrator: createOpenAiNarrator({
        apiKey: 'sk-test',
        baseUrl: model.url,
        model: 'test-model',
        timeoutMs: 500,
      }),
    });
    t = { ...t, app };
    ({ cookie } = await signUp(app));
    criticalId = (await admitPatient(app, cookie, CRITICAL)).id;
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });
  beforeEach(() => {
    model.state.mode = 'ok';
  });

  const analyse = (id = criticalId) =>
    t.app.inject({ method: 'GET', url: `/api/patients/${id}/analysis`, headers: { cookie } });
  const changeVitals = (pulse: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${criticalId}`,
      headers: { cookie },
      payload: { pulse },
    });

  it('rewrites the analysis with the model, keeps the rules level, and sends no identity', async () => {
    await changeVitals(131);
    const res = await analyse();
    expect(res.statusCode).toBe(200);
    expect(AnalysisResult.safeParse(res.json()).error).toBeUndefined();
    expect(res.json()).toMatchObject({
      source: 'model',
      alertLevel: 'CRITICAL',
      analysis: 'Model narrative: the patient needs an emergency assessment.',
    });
    expect(res.json().recommendations).toContain('Call the critical care outreach team now.');
    expect(model.state.lastBody).not.toContain('Test Critical');
    expect(JSON.parse(model.state.lastBody).response_format.type).toBe('json_schema');
    const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie } });
    expect(config.json().analysis).toEqual({ source: 'model', model: 'test-model' });
  });

  it('caches the narrative until the vitals change', async () => {
    await changeVitals(125);
    const before = model.state.calls;
    await analyse();
    await analyse();
    await analyse();
    expect(model.state.calls).toBe(before + 1);
    await changeVitals(132);
    await analyse();
    expect(model.state.calls).toBe(before + 2);
  });

  it('never lets the model lower the alert level or a vital status', async () => {
    await changeVitals(126);
    model.state.mode = 'lower';
    const body = (await analyse()).json();
    expect(body.source).toBe('model');
    expect(body.alertLevel).toBe('CRITICAL');
    expect(body.vitalSigns.heartRate.status).toBe('ATTENTION'); // rules: HR 126 scores 2
    expect(body.vitalSigns.oxygenLevel.status).toBe('ATTENTION');
  });

  it.each([
    ['slow', 'The AI narrative timed out', 140],
    ['invalid', 'The AI narrative was not valid', 141],
    ['error', 'The AI provider returned an error', 142],
  ] as const)('falls back to the rules with a notice when the model is %s', async (mode, notice, pulse) => {
    await changeVitals(pulse); // new vitals: no cached narrative
    model.state.mode = mode;
    const res = await analyse();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'rules', alertLevel: 'CRITICAL' });
    expect(res.json().notice).toContain(notice);
  });

  it('reports a rejected key as an error naming the API key, with the rules result attached', async () => {
    await changeVitals(127);
    model.state.mode = 'reject';
    const res = await analyse();
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toContain('API key');
    expect(res.json().code).toBe('AI_API_KEY_REJECTED');
    expect(res.json().fallback).toMatchObject({ alertLevel: 'CRITICAL', source: 'rules' });
  });
});
