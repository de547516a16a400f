import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { observationDue } from './observation-schedule.ts';

const t0 = Date.parse('2026-11-25T03:00:00.000Z');
const MIN = 60_000;

describe('the observation schedule on the card and record', () => {
  const withDue = (dueMs: number, schedule?: Patient['observations']) => {
    const base = makePatient({});
    return {
      ...base,
      observations: schedule ?? { ...base.observations, dueAt: new Date(dueMs).toISOString() },
    };
  };

  it('says "Obs due in 23 min" or "Overdue 12 min" from the server’s due time', () => {
    expect(observationDue(withDue(t0 + 23 * MIN), t0)).toEqual({
      text: 'Obs due in 23 min',
      isOverdue: false,
      exceptionLabel: null,
    });
    expect(observationDue(withDue(t0 - 12 * MIN), t0)).toMatchObject({
      text: 'Overdue 12 min',
      isOverdue: true,
    });
  });

  it('names a monitoring exception in force, and not one past its review', () => {
    const exception = {
      reason: 'asleep' as const,
      note: 'Asleep',
      reviewAt: new Date(t0 + 60 * MIN).toISOString(),
      recordedAt: new Date(t0).toISOString(),
      recordedBy: 1,
    };
    const patient = withDue(0, {
      dueAt: exception.reviewAt,
      intervalMs: 3_600_000,
      exception,
    });
    expect(observationDue(patient, t0)).toEqual({
      text: 'Obs due in 1 h',
      isOverdue: false,
      exceptionLabel: 'Patient asleep',
    });
    expect(observationDue(patient, t0 + 61 * MIN).exceptionLabel).toBeNull();
  });
});
