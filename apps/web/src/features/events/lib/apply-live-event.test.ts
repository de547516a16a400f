import { QueryClient } from '@tanstack/react-query';
import type { Patient, VitalReading } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { patientQueryKey } from '@/features/patients/api/get-patient.ts';
import { PATIENTS_QUERY_KEY } from '@/features/patients/api/get-patients.ts';
import { patientReadingsQueryKey } from '@/features/readings/api/get-readings.ts';
import { applyLiveEvent } from './apply-live-event.ts';

const patient = (id: number, over: Partial<Patient> = {}): Patient => ({
  id,
  name: `P${id}`,
  oxygenLevel: 97,
  pulse: 70,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
  condition: 'Stable',
  lastUpdated: '2026-03-02T08:00:00.000Z',
  hasVitalWatch: false,
  vitalWatchType: null,
  vitalWatchConnected: false,
  respiratoryRate: 16,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...over,
});

const reading = (id: number, minutesAgo: number): VitalReading => ({
  id,
  patientId: 1,
  deviceId: 'd',
  deviceName: null,
  connectionType: null,
  readingTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  heartRate: 70 + id,
  oxygenLevel: null,
  systolicBP: null,
  diastolicBP: null,
  temperature: null,
  skinTemperature: null,
  respiratoryRate: null,
  consciousness: null,
  onSupplementalOxygen: null,
  batteryLevel: null,
  steps: null,
  sleepHours: null,
  recordedBy: null,
  createdAt: new Date().toISOString(),
});

describe('applying live events to the cache', () => {
  it('updates the patient and keeps the dashboard list in ward order', () => {
    const qc = new QueryClient();
    qc.setQueryData(PATIENTS_QUERY_KEY, [
      patient(1, { condition: 'Critical', oxygenLevel: 90 }),
      patient(2, { oxygenLevel: 99 }),
      patient(3, { oxygenLevel: 95 }),
    ]);
    applyLiveEvent(qc, {
      type: 'patient-updated',
      patientId: 3,
      data: patient(3, { condition: 'Critical', oxygenLevel: 93 }),
    });
    expect(qc.getQueryData<Patient[]>(PATIENTS_QUERY_KEY)!.map((p) => p.id)).toEqual([3, 1, 2]);
    expect(qc.getQueryData<Patient>(patientQueryKey(3))?.condition).toBe('Critical');
  });

  it('appends readings to a cached chart window, once each, in time order', () => {
    const qc = new QueryClient();
    qc.setQueryData(patientReadingsQueryKey(1), [reading(1, 30)]);
    applyLiveEvent(qc, {
      type: 'reading',
      patientId: 1,
      data: { readings: [reading(3, 5), reading(2, 10)] },
    });
    applyLiveEvent(qc, { type: 'reading', patientId: 1, data: { readings: [reading(3, 5)] } });
    expect(qc.getQueryData<VitalReading[]>(patientReadingsQueryKey(1))!.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('reloads the chart window after a truncated backfill instead of merging part of it', async () => {
    const qc = new QueryClient();
    qc.setQueryData(patientReadingsQueryKey(1), [reading(1, 30)]);
    applyLiveEvent(qc, {
      type: 'reading',
      patientId: 1,
      data: { readings: [reading(2, 1)], truncated: true },
    });
    expect(qc.getQueryState(patientReadingsQueryKey(1))?.isInvalidated).toBe(true);
    expect(qc.getQueryData<VitalReading[]>(patientReadingsQueryKey(1))!.map((r) => r.id)).toEqual([1]);
  });

  it('does not create a chart cache nobody is looking at', () => {
    const qc = new QueryClient();
    applyLiveEvent(qc, { type: 'reading', patientId: 1, data: { readings: [reading(1, 1)] } });
    expect(qc.getQueryData(patientReadingsQueryKey(1))).toBeUndefined();
  });

  it('announces a rise to URGENT or CRITICAL with the patient name', () => {
    const qc = new QueryClient();
    qc.setQueryData(PATIENTS_QUERY_KEY, [patient(7, { name: 'Ada Lovelace' })]);
    expect(
      applyLiveEvent(qc, {
        type: 'alert-level-changed',
        patientId: 7,
        data: { from: 'NORMAL', to: 'CRITICAL', news2Total: 8 },
      }),
    ).toEqual({
      patientId: 7,
      level: 'CRITICAL',
      patientName: 'Ada Lovelace',
      news2Total: 8,
    });
    expect(
      applyLiveEvent(qc, {
        type: 'alert-level-changed',
        patientId: 7,
        data: { from: 'CRITICAL', to: 'ATTENTION', news2Total: 2 },
      }),
    ).toBeNull();
    expect(applyLiveEvent(qc, { type: 'ping' })).toBeNull();
  });
});
