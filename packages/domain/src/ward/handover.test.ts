import { describe, expect, it } from 'vitest';
import { HandoverInput, illnessSeverityOf } from './handover.ts';
import { WardLayoutInput } from './layout.ts';

describe('illnessSeverityOf (I-PASS severity from NEWS2 and open alerts)', () => {
  it.each([
    ['low', [], 'stable'],
    ['low', ['low'], 'watcher'],
    ['low-medium', [], 'watcher'],
    ['medium', [], 'watcher'],
    ['low', ['medium'], 'watcher'],
    ['high', [], 'unstable'],
    ['low', ['high'], 'unstable'],
  ] as const)('NEWS2 band %s with alerts %j → %s', (band, priorities, severity) => {
    expect(illnessSeverityOf(band, [...priorities])).toBe(severity);
  });
});

describe('the handover and layout inputs', () => {
  it('requires a summary and trims the situation', () => {
    const base = { patientId: 1, illnessSeverity: 'stable', patientSummary: 'Settled', actions: [] };
    expect(HandoverInput.parse({ ...base, situation: '  if … then …  ' }).situation).toBe('if … then …');
    expect(HandoverInput.parse(base).situation).toBe('');
    expect(HandoverInput.safeParse({ ...base, patientSummary: '' }).error?.issues[0]?.message).toBe(
      'Patient summary must not be empty',
    );
  });

  it('refuses a bed label used twice, whatever its case', () => {
    const twice = WardLayoutInput.safeParse({
      bays: [
        { name: 'Bay A', beds: [{ label: 'A1' }] },
        { name: 'Bay B', beds: [{ label: 'a1' }] },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe('Bed label A1 is used twice; each bed needs its own label.');
    const bays = WardLayoutInput.safeParse({
      bays: [
        { name: 'Bay A', beds: [] },
        { name: 'bay a', beds: [] },
      ],
    });
    expect(bays.error?.issues[0]?.message).toBe('Bay name Bay A is used twice; each bay needs its own name.');
  });
});
