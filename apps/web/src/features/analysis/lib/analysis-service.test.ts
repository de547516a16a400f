import { type AnalysisResult, AnalysisResult as AnalysisSchema, NEWS2_CHART4 } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client.ts';
import { makePatient } from '@/test/patient-factory.ts';
import {
  analyzePatient,
  DEFAULT_ANALYSIS_ERROR,
  INVALID_ANALYSIS_DATA,
  InvalidAnalysisError,
} from './analysis-service.ts';
import { API_KEY_CONFIG_ERROR, vitalsAnalysisErrorMessage } from './monitor-errors.ts';

const { news2 } = makePatient();
/** A server answer as GET /api/patients/{id}/analysis gives it (rules only). */
const SERVER: AnalysisResult = {
  alertLevel: 'CRITICAL',
  analysis: 'NEWS2 10: high clinical risk.',
  recommendations: [NEWS2_CHART4.emergency.response],
  predictedTrend: 'DECLINING',
  vitalSigns: {
    heartRate: { status: 'URGENT', comment: 'Pulse 130 /min scores 2.' },
    oxygenLevel: { status: 'URGENT', comment: 'SpO2 93 % scores 2.' },
    bloodPressure: { status: 'URGENT', comment: 'Systolic 100 mmHg scores 2.' },
    temperature: { status: 'ATTENTION', comment: '38.5 °C scores 1.' },
  },
  news2: {
    total: 10,
    band: 'high',
    redScore: true,
    redScoreParameters: ['respiratoryRate'],
    scores: {
      respiratoryRate: 3,
      spo2: 2,
      airOrOxygen: 0,
      systolicBP: 2,
      pulse: 2,
      consciousness: 0,
      temperature: 1,
    },
    complete: true,
    missing: [],
    spo2Scale: 1,
    monitoring: news2.monitoring,
    response: news2.response,
    findings: 'High risk, NEWS2 10.',
  },
  source: 'rules',
  generatedAt: '2026-03-02T08:00:00.000Z',
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

describe("the record's analysis service", () => {
  it('returns the server analysis when it answers', async () => {
    const result = await analyzePatient(async () => SERVER, parse);
    expect(result).toEqual(SERVER);
    expect(result.error).toBeUndefined();
  });

  it('rejects with the server message when the server fails, never scoring NEWS2 here', async () => {
    await expect(analyzePatient(fail(500, '{"error":"Database unavailable"}'), parse)).rejects.toThrow(
      'Database unavailable',
    );
  });

  it('uses the raw body text, else the default message', async () => {
    await expect(analyzePatient(fail(503, 'Service down'), parse)).rejects.toThrow('Service down');
    await expect(analyzePatient(fail(503, ''), parse)).rejects.toThrow(DEFAULT_ANALYSIS_ERROR);
  });

  it('treats an unparseable success body as invalid data', async () => {
    const failure = analyzePatient(async () => ({ nonsense: true }), parse);
    await expect(failure).rejects.toBeInstanceOf(InvalidAnalysisError);
    await expect(failure).rejects.toThrow(INVALID_ANALYSIS_DATA);
  });

  it('shows the rules result the server attached to an API key error', async () => {
    const body = JSON.stringify({
      error: 'The AI provider rejected the API key (AI_API_KEY).',
      fallback: SERVER,
    });
    const result = await analyzePatient(fail(502, body), parse);
    expect(result).toMatchObject({ alertLevel: 'CRITICAL', news2: { total: 10 } });
    expect(result.error).toContain('API key');
  });

  it('does not take an attached result that is not an analysis', async () => {
    const body = JSON.stringify({ error: 'Bad gateway', fallback: { alertLevel: 'NORMAL' } });
    await expect(analyzePatient(fail(502, body), parse)).rejects.toThrow('Bad gateway');
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
    expect(vitalsAnalysisErrorMessage(new InvalidAnalysisError())).toBe(
      'Failed to parse vital signs analysis data',
    );
    expect(vitalsAnalysisErrorMessage(null)).toBe('Failed to analyze vital signs');
  });
});
