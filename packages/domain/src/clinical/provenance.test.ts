import { describe, expect, it } from 'vitest';
import {
  classifyReading,
  countsAsCurrent,
  isSimulatedProvenance,
  mayAttachTo,
  READING_PROVENANCES,
  type ReadingProvenance,
} from './provenance.ts';

const real = { isDemo: false };
const demo = { isDemo: true };

describe('which values count as a patient’s current state', () => {
  // class, attaches to a real patient, counts on a real patient, attaches to / counts on a demo patient
  const table: [ReadingProvenance, boolean, boolean, boolean, boolean][] = [
    ['observation', true, true, true, true],
    ['device', true, true, true, true],
    ['wearable-summary', true, false, true, false],
    ['simulation', false, false, true, true],
    ['demo', false, false, true, true],
  ];

  it('covers every class', () => {
    expect(table.map(([p]) => p).sort()).toEqual([...READING_PROVENANCES].sort());
  });

  it.each(table)(
    '%s: attaches to a real patient %s, counts %s; on a demo patient %s, %s',
    (p, a, c, da, dc) => {
      expect(mayAttachTo(p, real)).toBe(a);
      expect(countsAsCurrent(p, real)).toBe(c);
      expect(mayAttachTo(p, demo)).toBe(da);
      expect(countsAsCurrent(p, demo)).toBe(dc);
    },
  );

  it('never lets a value that may not attach count', () => {
    for (const p of READING_PROVENANCES) {
      for (const patient of [real, demo]) {
        if (countsAsCurrent(p, patient)) expect(mayAttachTo(p, patient)).toBe(true);
      }
    }
  });

  it('names simulated classes', () => {
    expect(READING_PROVENANCES.filter(isSimulatedProvenance)).toEqual(['simulation', 'demo']);
  });
});

describe('classifyReading', () => {
  it.each([
    [{ sender: 'person' }, 'observation'],
    [{ sender: 'person', connectionType: 'Manual' }, 'observation'],
    [{ sender: 'person', connectionType: 'manual' }, 'observation'],
    [{ sender: 'person', deviceId: 'aa:bb', connectionType: 'Bluetooth' }, 'device'],
    [{ sender: 'person', deviceId: 'aa:bb', connectionType: 'Bluetooth', linkSimulated: false }, 'device'],
    [{ sender: 'device-token' }, 'device'],
    [{ sender: 'device-token', deviceId: 'hr-1', connectionType: 'Bridge' }, 'device'],
    // Simulation is decided by the link and the declared connection, never by a device's name.
    [
      { sender: 'device-token', deviceId: 'sim-1', connectionType: 'Bridge', linkSimulated: true },
      'simulation',
    ],
    [{ sender: 'person', deviceId: 'demo-1', connectionType: 'Simulation' }, 'simulation'],
    [{ sender: 'device-token', connectionType: ' SIMULATION ' }, 'simulation'],
    [{ sender: 'person', deviceId: 'x', connectionType: 'Bluetooth', linkSimulated: true }, 'simulation'],
    // Only the server's poll sends the provider's API readings: anything claiming it never counts.
    [{ sender: 'person', connectionType: 'WHOOP API' }, 'wearable-summary'],
    [{ sender: 'wearable-api', connectionType: 'WHOOP API' }, 'wearable-summary'],
    [{ sender: 'demo-seed', connectionType: 'Manual' }, 'demo'],
    [{ sender: 'demo-seed', deviceId: 'watch-1', connectionType: 'Bluetooth' }, 'demo'],
  ] as const)('%j → %s', (reading, expected) => {
    expect(classifyReading(reading)).toBe(expected);
  });

  it('ignores the device name: "Demo HR" on a real link is a device', () => {
    const reading = {
      sender: 'person' as const,
      deviceId: 'x',
      connectionType: 'Bluetooth',
      deviceName: 'Demo HR',
    };
    expect(classifyReading(reading)).toBe('device');
  });
});
