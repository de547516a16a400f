import { describe, expect, it } from 'vitest';
import { makePatient, OBSERVED_AT } from '@/test/patient-factory.ts';
import { cardSummaryLines } from './card-summary.ts';

const AT = Date.parse(OBSERVED_AT);

describe('cardSummaryLines', () => {
  it('says what the full card says, as text: NEWS2, the vitals with their flags and points, the schedule', () => {
    const patient = makePatient({ condition: 'Critical', oxygenLevel: 89, pulse: 124, temperature: 1024 });
    const { before, after } = cardSummaryLines(patient, AT + 5 * 60_000);
    expect(before).toContain(
      `NEWS2 ${patient.news2.total} · ${patient.news2.band} · ${patient.news2.monitoring.text}`,
    );
    expect(before).toContain(
      'O2 89 % (low, NEWS2 3) · Pulse 124 bpm (high, NEWS2 2) · BP 120/80 mmHg · Temp 39.1 °C (elevated, NEWS2 2) · RR 16 /min · ACVPU A – Alert',
    );
    expect(before).toContain('Low oxygen (89%) · High pulse (124 bpm) · Elevated temperature (39.1 °C)');
    expect(after.at(-1)).toMatch(/^(Obs due in \d+ (min|h)|Overdue \d+ (min|h)).* · Updated 5 min ago$/);
  });

  it('names a demo patient and leaves out what does not apply', () => {
    const calm = cardSummaryLines(makePatient({ condition: 'Stable' }), AT);
    expect(calm.before.join(' ')).not.toMatch(/Demo patient|Stale|Device lost|disagrees/);
    expect(calm.before[0]).toMatch(/^NEWS2 0 · low/);
    const demo = cardSummaryLines(makePatient({ condition: 'Stable', isDemo: true }), AT);
    expect(demo.before[0]).toBe('Demo patient');
  });

  it('says the vitals are stale once they are older than NEWS2 allows', () => {
    const { before } = cardSummaryLines(makePatient({ condition: 'Stable' }), AT + 13 * 3_600_000);
    expect(before.some((line) => line.startsWith('Stale: last observations 13 h ago'))).toBe(true);
  });
});
