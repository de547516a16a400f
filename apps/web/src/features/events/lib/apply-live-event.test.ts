import { QueryClient } from '@tanstack/react-query';
import type { Alert, Patient, VitalReading } from '@vigil/domain';
import { describe, expect, it, vi } from 'vitest';
import { alertsQueryKeys } from '@/features/alerts/api/query-keys.ts';
import { handoverQueryKeys, patientHandoversQueryKey } from '@/features/handover/api/query-keys.ts';
import { patientQueryKey } from '@/features/patients/api/get-patient.ts';
import { PATIENTS_QUERY_KEY } from '@/features/patients/api/get-patients.ts';
import { patientReadingsQueryKey } from '@/features/readings/api/get-readings.ts';
import { news2SeriesQueryKey, trendQueryKey } from '@/features/readings/api/query-keys.ts';
import { TREND_REFRESH_MS } from '@/features/readings/api/trend-refresh.ts';
import { wardQueryKeys } from '@/features/ward/api/ward-keys.ts';
import { makeAlert } from '@/test/alert-factory.ts';
import { makeDevice, makePatient, type PatientSpec } from '@/test/patient-factory.ts';
import { makeReading } from '@/test/reading-factory.ts';
import { applyLiveEvent } from './apply-live-event.ts';

const patient = (id: number, over: PatientSpec = {}): Patient =>
  makePatient({ id, name: `P${id}`, oxygenLevel: 97, pulse: 70, ...over });

const reading = (id: number, minutesAgo: number): VitalReading =>
  makeReading({
    id,
    deviceId: 'd',
    readingTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    heartRate: 70 + id,
    createdAt: new Date().toISOString(),
    provenance: 'device',
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

  it('reads the dashboard list again for a patient it does not hold: one admitted on another screen', () => {
    const qc = new QueryClient();
    qc.setQueryData(PATIENTS_QUERY_KEY, [patient(1), patient(2)]);
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    applyLiveEvent(qc, { type: 'patient-updated', patientId: 2, data: patient(2, { pulse: 80 }) });
    expect(invalidate.mock.calls.some(([filters]) => filters?.queryKey === PATIENTS_QUERY_KEY)).toBe(false);
    applyLiveEvent(qc, { type: 'patient-updated', patientId: 3, data: patient(3) });
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: PATIENTS_QUERY_KEY,
      exact: true,
      refetchType: 'active',
    });
    expect(qc.getQueryState(PATIENTS_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it("carries the server's NEWS2, sources and lost device into every screen's cache", () => {
    const qc = new QueryClient();
    qc.setQueryData(PATIENTS_QUERY_KEY, [patient(1), patient(2)]);
    const lost = patient(2, {
      devices: [makeDevice({ status: 'lost', lostAt: '2026-03-02T08:05:00.000Z', lostReason: 'dropped' })],
      news2: { total: 9, band: 'high' },
    });
    applyLiveEvent(qc, { type: 'patient-updated', patientId: 2, data: lost });
    const listed = qc.getQueryData<Patient[]>(PATIENTS_QUERY_KEY)!.find((p) => p.id === 2)!;
    expect(listed.devices[0]).toMatchObject({ status: 'lost', lostReason: 'dropped' });
    expect(listed.news2.total).toBe(9);
    expect(qc.getQueryData<Patient>(patientQueryKey(2))?.devices[0]?.status).toBe('lost');
  });

  it('refreshes the NEWS2 of each reading when a reading arrives', () => {
    const qc = new QueryClient();
    qc.setQueryData(news2SeriesQueryKey(1), []);
    applyLiveEvent(qc, { type: 'reading', patientId: 1, data: { readings: [reading(1, 1)] } });
    expect(qc.getQueryState(news2SeriesQueryKey(1))?.isInvalidated).toBe(true);
  });

  it('reads a trend again at once, then at most once per interval however often readings arrive', () => {
    vi.useFakeTimers();
    try {
      const qc = new QueryClient();
      const key = [...trendQueryKey(7), 'live', 24];
      const invalidations = () => (qc.getQueryState(key)?.isInvalidated ? 1 : 0);
      qc.setQueryData(key, { n: 0 });
      applyLiveEvent(qc, { type: 'reading', patientId: 7, data: { readings: [reading(1, 0)] } });
      expect(invalidations()).toBe(1);
      qc.setQueryData(key, { n: 1 }); // read again
      for (let i = 0; i < 9; i++) {
        vi.advanceTimersByTime(1000);
        applyLiveEvent(qc, { type: 'reading', patientId: 7, data: { readings: [reading(2 + i, 0)] } });
        expect(invalidations()).toBe(0);
      }
      vi.advanceTimersByTime(TREND_REFRESH_MS);
      expect(invalidations()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
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

  it('merges the latest reading of a truncated backfill, and replaces a reading marked entered in error', () => {
    const qc = new QueryClient();
    qc.setQueryData(patientReadingsQueryKey(1), [reading(1, 30)]);
    applyLiveEvent(qc, {
      type: 'reading',
      patientId: 1,
      data: { readings: [reading(2, 1)], truncated: true },
    });
    expect(qc.getQueryData<VitalReading[]>(patientReadingsQueryKey(1))!.map((r) => r.id)).toEqual([1, 2]);
    const marked = { ...reading(1, 30), status: 'entered-in-error' as const };
    applyLiveEvent(qc, { type: 'reading', patientId: 1, data: { readings: [marked] } });
    expect(qc.getQueryData<VitalReading[]>(patientReadingsQueryKey(1))![0]!.status).toBe('entered-in-error');
  });

  it('does not create a chart cache nobody is looking at', () => {
    const qc = new QueryClient();
    applyLiveEvent(qc, { type: 'reading', patientId: 1, data: { readings: [reading(1, 1)] } });
    expect(qc.getQueryData(patientReadingsQueryKey(1))).toBeUndefined();
  });

  it('writes an alert into the open list at once, and drops it there once resolved', () => {
    const qc = new QueryClient();
    qc.setQueryData(alertsQueryKeys.open(), [makeAlert({ id: 1, priority: 'medium' })]);
    qc.setQueryData(alertsQueryKeys.stats(), { alerts: 1 });
    applyLiveEvent(qc, { type: 'alert-changed', patientId: 7, data: makeAlert({ id: 2 }) });
    expect(qc.getQueryData<Alert[]>(alertsQueryKeys.open())!.map((a) => a.id)).toEqual([2, 1]);
    // The figures and the filtered lists refetch; the open list is already current.
    expect(qc.getQueryState(alertsQueryKeys.stats())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(alertsQueryKeys.open())?.isInvalidated).toBe(false);
    applyLiveEvent(qc, {
      type: 'alert-changed',
      patientId: 7,
      data: makeAlert({ id: 2, state: 'acknowledged', acknowledgedAt: new Date().toISOString() }),
    });
    expect(qc.getQueryData<Alert[]>(alertsQueryKeys.open())!.map((a) => [a.id, a.state])).toEqual([
      [2, 'acknowledged'],
      [1, 'active'],
    ]);
    applyLiveEvent(qc, {
      type: 'alert-changed',
      patientId: 7,
      data: makeAlert({ id: 2, state: 'resolved' }),
    });
    expect(qc.getQueryData<Alert[]>(alertsQueryKeys.open())!.map((a) => a.id)).toEqual([1]);
  });

  it('leaves the level change to the alert it raises (no cache change, nothing to announce)', () => {
    const qc = new QueryClient();
    qc.setQueryData(PATIENTS_QUERY_KEY, [patient(7)]);
    const before = qc.getQueryData(PATIENTS_QUERY_KEY);
    applyLiveEvent(qc, {
      type: 'alert-level-changed',
      patientId: 7,
      data: { from: 'NORMAL', to: 'CRITICAL', news2Total: 8 },
    });
    expect(qc.getQueryData(PATIENTS_QUERY_KEY)).toBe(before);
  });

  it('refreshes the ward board, assignments and handover lists on ward-changed, the handover lists and history on handover-changed', () => {
    const qc = new QueryClient();
    for (const key of [
      wardQueryKeys.board(),
      wardQueryKeys.assignments('current'),
      handoverQueryKeys.overview(),
      patientHandoversQueryKey(7),
      patientHandoversQueryKey(8),
    ])
      qc.setQueryData(key, []);
    qc.setQueryData(PATIENTS_QUERY_KEY, [patient(7)]);
    applyLiveEvent(qc, { type: 'ward-changed', patientId: null });
    expect(qc.getQueryState(wardQueryKeys.board())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(PATIENTS_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(wardQueryKeys.assignments('current'))?.isInvalidated).toBe(true);
    // Who hands over to whom follows the assignments; a discharged patient leaves the lists.
    expect(qc.getQueryState(handoverQueryKeys.overview())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(patientHandoversQueryKey(7))?.isInvalidated).toBe(false);

    qc.setQueryData(handoverQueryKeys.overview(), []);
    applyLiveEvent(qc, { type: 'handover-changed', patientId: 7, data: { handoverId: 3 } });
    expect(qc.getQueryState(handoverQueryKeys.overview())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(patientHandoversQueryKey(7))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(patientHandoversQueryKey(8))?.isInvalidated).toBe(false);
  });

  it("reads the alert lists again on a transfer's ward-changed only (her alerts left or joined the ward)", () => {
    const qc = new QueryClient();
    qc.setQueryData(alertsQueryKeys.open(), []);
    applyLiveEvent(qc, { type: 'ward-changed', patientId: null, data: {} });
    expect(qc.getQueryState(alertsQueryKeys.open())?.isInvalidated).toBe(false);
    applyLiveEvent(qc, { type: 'ward-changed', patientId: null, data: { transfer: true } });
    expect(qc.getQueryState(alertsQueryKeys.open())?.isInvalidated).toBe(true);
  });
});
