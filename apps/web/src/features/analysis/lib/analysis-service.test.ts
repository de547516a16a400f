import type { AnalysisResult, Patient } from '@vigil/domain';
import { AnalysisResult as AnalysisSchema } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client.ts';
import { API_KEY_CONFIG_ERROR, vitalsAnalysisErrorMessage } from '../api/analyze-vitals.ts';
import { analyzePatient, DEFAULT_ANALYSIS_ERROR, INVALID_ANALYSIS_DATA } from './analysis-service.ts';

const NOW = new Date('2026-03-02T08:00:00Z');
const critical: Partial<Patient> & { condition: string } = {
  id: 1,
  condition: 'Critical',
  pulse: 130,
  oxygenLevel: 93,
  systolicBP: 100,
  diastolicBP: 60,
  temperature: 1013,
  respiratoryRate: 25,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
};
const parse = (d: unknown) => AnalysisSchema.parse(d);
const fail = (status: number, body: string) => () =>
  Promise.reject(
    new HttpError(
      status,
      `${status}: ${body}`,
      (() => {
        try {
          return JSON.parse(body).error ?? null;
        } catch {
          return null;
        }
      })(),
      body,
    ),
  );

describe('dashboard analysis service', () => {
  it('returns the server analysis when it answers', async () => {
    const server = (await analyzePatient(critical, fail(500, ''), parse, () => NOW)) as AnalysisResult;
    const ok = await analyzePatient(
      critical,
      async () => ({ ...server, origin: undefined, error: undefined }),
      parse,
      () => NOW,
    );
    expect(ok.origin).toBe('server');
    expect(ok.error).toBeUndefined();
  });

  it('computes NEWS2 locally from the last known vitals when the server fails, with the server message', async () => {
    const result = await analyzePatient(
      critical,
      fail(500, '{"error":"Database unavailable"}'),
      parse,
      () => NOW,
    );
    expect(result).toMatchObject({ origin: 'local', error: 'Database unavailable', alertLevel: 'CRITICAL' });
    expect(result.news2.total).toBe(10);
    expect(result.notice).toMatch(/^Computed on this device/);
  });

  it('uses the raw body text, else the default message', async () => {
    expect((await analyzePatient(critical, fail(503, 'Service down'), parse, () => NOW)).error).toBe(
      'Service down',
    );
    expect((await analyzePatient(critical, fail(503, ''), parse, () => NOW)).error).toBe(
      DEFAULT_ANALYSIS_ERROR,
    );
  });

  it('treats an unparseable success body as invalid data', async () => {
    const result = await analyzePatient(
      critical,
      async () => ({ nonsense: true }),
      parse,
      () => NOW,
    );
    expect(result).toMatchObject({ origin: 'local', error: INVALID_ANALYSIS_DATA });
  });

  it('shows the rules result the server attached to an API key error', async () => {
    const local = await analyzePatient(critical, fail(500, ''), parse, () => NOW);
    const body = JSON.stringify({
      error: 'The AI provider rejected the API key (AI_API_KEY).',
      fallback: { ...local, origin: undefined, notice: undefined },
    });
    const result = await analyzePatient(critical, fail(502, body), parse, () => NOW);
    expect(result).toMatchObject({ origin: 'server', alertLevel: 'CRITICAL' });
    expect(result.error).toContain('API key');
  });

  it('falls back to the spec texts only without any vitals, never marking a vital NORMAL', async () => {
    const crit = await analyzePatient({ condition: 'Critical' }, fail(500, ''), parse, () => NOW);
    expect(crit).toMatchObject({
      origin: 'fallback',
      alertLevel: 'CRITICAL',
      predictedTrend: 'DECLINING',
      analysis: 'Patient is in critical condition and requires immediate attention.',
      recommendations: ['Contact medical team immediately', 'Prepare for intervention'],
    });
    const stable = await analyzePatient({ condition: 'Stable' }, fail(500, ''), parse, () => NOW);
    expect(stable).toMatchObject({
      alertLevel: 'NORMAL',
      predictedTrend: 'STABLE',
      analysis: 'Analysis temporarily unavailable. Using standard monitoring protocols.',
      recommendations: ['Continue standard monitoring', 'Refresh for updated analysis'],
    });
    for (const v of Object.values(stable.vitalSigns)) expect(v.status).toBe('UNKNOWN');
  });
});

describe('monitor card error messages', () => {
  it('turns an API key error into the configuration message', () => {
    expect(
      vitalsAnalysisErrorMessage(new Error('502: The AI provider rejected the API key (AI_API_KEY).')),
    ).toBe(API_KEY_CONFIG_ERROR);
    expect(vitalsAnalysisErrorMessage(new Error('500: Internal server error'))).toBe(
      '500: Internal server error',
    );
    expect(vitalsAnalysisErrorMessage(null)).toBe('Failed to analyze vital signs');
  });
});
