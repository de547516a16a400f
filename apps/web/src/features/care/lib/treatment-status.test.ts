import { describe, expect, it } from 'vitest';
import { TREATMENT_STATUS_LABEL, treatmentStatus, treatmentToggleToastTitle } from './treatment-status.ts';

const now = new Date('2026-03-02T12:00:00Z');

describe('treatmentStatus', () => {
  it.each([
    ['completed in the past', true, '2026-03-02T08:00:00Z', 'completed', 'Completed'],
    ['completed in the future', true, '2026-03-02T18:00:00Z', 'completed', 'Completed'],
    ['not completed, one minute ago', false, '2026-03-02T11:59:00Z', 'past-due', 'Past Due'],
    ['not completed, exactly now', false, '2026-03-02T12:00:00Z', 'scheduled', 'Scheduled'],
    ['not completed, later today', false, '2026-03-02T15:00:00+01:00', 'scheduled', 'Scheduled'],
  ] as const)('%s', (_, completed, scheduledFor, status, label) => {
    const result = treatmentStatus({ completed, scheduledFor }, now);
    expect(result).toBe(status);
    expect(TREATMENT_STATUS_LABEL[result]).toBe(label);
  });

  it('names the toggle toast after the new state', () => {
    expect(treatmentToggleToastTitle(true)).toBe('Treatment marked as complete');
    expect(treatmentToggleToastTitle(false)).toBe('Treatment marked as incomplete');
  });
});
