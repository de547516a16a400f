import { describe, expect, it } from 'vitest';
import { makeDevice } from '@/test/patient-factory.ts';
import { patientLabel } from './patient-label.ts';
import { describeValueSource, isFedBySimulation, isStaleAt, lostDevices } from './value-source.ts';

const NOW = Date.parse('2026-03-02T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const HOUR_MS = 3_600_000;

describe('describeValueSource', () => {
  it.each([
    [{ provenance: 'observation', at: ago(12), source: null }, 'Observation · 12 min ago'],
    [{ provenance: 'device', at: ago(0), source: 'Polar H10' }, 'Device · Polar H10 · just now'],
    [{ provenance: 'demo', at: ago(120), source: null }, 'Demo data · 2 h ago'],
    [
      { provenance: 'simulation', at: ago(1), source: 'Demo Device (Simulation)' },
      'Simulation · Demo Device (Simulation) · 1 min ago',
    ],
  ] as const)('%j → %s', (source, text) => {
    expect(describeValueSource(source, 12 * HOUR_MS, NOW)).toEqual({
      provenance: source.provenance,
      text,
      isStale: false,
    });
  });

  it('marks a value older than the NEWS2 interval as stale, by its own time', () => {
    const source = { provenance: 'observation', at: ago(61), source: null } as const;
    expect(describeValueSource(source, HOUR_MS, NOW)?.isStale).toBe(true);
    expect(describeValueSource(source, 6 * HOUR_MS, NOW)?.isStale).toBe(false);
  });

  it('says nothing for a value the server knows no source of', () => {
    expect(describeValueSource(undefined, HOUR_MS, NOW)).toBeNull();
  });
});

describe('isStaleAt', () => {
  it('is stale only past the interval; a time ahead is not, an unreadable one is', () => {
    expect(isStaleAt(ago(15), 15 * 60_000, NOW)).toBe(false);
    expect(isStaleAt(ago(16), 15 * 60_000, NOW)).toBe(true);
    expect(isStaleAt(new Date(NOW + 60_000).toISOString(), 15 * 60_000, NOW)).toBe(false);
    expect(isStaleAt('not a time', 15 * 60_000, NOW)).toBe(true);
    expect(isStaleAt(null, 15 * 60_000, NOW)).toBe(false);
  });
});

describe('lostDevices', () => {
  it('names each device the server marks lost, with the time on the 24-hour clock and why', () => {
    const lostAt = new Date(2026, 2, 2, 14, 5).toISOString(); // the ward's local time
    expect(
      lostDevices([
        makeDevice({ linkId: 2, status: 'lost', lostAt, lostReason: 'not-reporting' }),
        makeDevice({
          linkId: 3,
          deviceName: null,
          connectionType: 'Bridge',
          status: 'lost',
          lostAt,
          lostReason: 'dropped',
        }),
        makeDevice({ linkId: 4 }),
      ]),
    ).toEqual([
      {
        linkId: 2,
        title: 'Device lost at 14:05',
        detail: 'Polar H10: it stopped reporting. Its last values are not current.',
      },
      {
        linkId: 3,
        title: 'Device lost at 14:05',
        detail: 'Bridge: it dropped and reconnecting gave up. Its last values are not current.',
      },
    ]);
  });

  it('is empty while every device reports', () => {
    expect(lostDevices([makeDevice(), makeDevice({ status: 'reconnecting' })])).toEqual([]);
  });
});

describe('isFedBySimulation', () => {
  it('is true for a simulated device that is not lost', () => {
    expect(isFedBySimulation([makeDevice({ simulated: true, connectionType: 'Simulation' })])).toBe(true);
    expect(isFedBySimulation([makeDevice({ simulated: true, status: 'lost' })])).toBe(false);
    expect(isFedBySimulation([makeDevice()])).toBe(false);
  });
});

describe('patientLabel', () => {
  it('names a demo patient as such in plain text', () => {
    expect(patientLabel({ name: 'Ada Lovelace', isDemo: true })).toBe('Ada Lovelace (Demo patient)');
    expect(patientLabel({ name: 'Ada Lovelace', isDemo: false })).toBe('Ada Lovelace');
  });
});
