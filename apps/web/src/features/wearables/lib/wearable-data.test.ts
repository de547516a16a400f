import type { VitalReading, VitalWatchData } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeReading } from '@/test/reading-factory.ts';
import {
  formatWindow,
  isNewerThan,
  latestWhoopReading,
  pickWearableData,
  whoopUnavailableText,
} from './wearable-data.ts';

const reading = (over: Partial<VitalReading>): VitalReading =>
  makeReading({
    patientId: 3,
    deviceId: 'whoop:1:3',
    deviceName: 'WHOOP Device',
    connectionType: 'WHOOP API',
    readingTime: '2026-11-23T08:00:00.000Z',
    heartRate: 55,
    oxygenLevel: 96,
    provenance: 'wearable-summary',
    ...over,
  });

const stored: VitalWatchData = {
  heartRate: 52,
  oxygenLevel: 95,
  temperature: null,
  bloodPressure: { systolic: null, diastolic: null },
  readingTime: '2026-11-23T07:00:00.000Z',
  deviceInfo: { name: 'WHOOP Device', batteryLevel: null, connectionType: 'WHOOP API', isTargetDevice: true },
  recoveryScore: 64,
  strain: 9.4,
  skinTempCelsius: 33.7,
};

describe('latestWhoopReading', () => {
  it('takes the newest WHOOP reading and ignores other sources', () => {
    const readings = [
      reading({ id: 1, readingTime: '2026-11-23T06:00:00.000Z' }),
      reading({ id: 2, readingTime: '2026-11-23T09:00:00.000Z', connectionType: 'Manual' }),
      reading({ id: 3, readingTime: '2026-11-23T08:00:00.000Z' }),
    ];
    expect(latestWhoopReading(readings)?.id).toBe(3);
    expect(latestWhoopReading([])).toBeNull();
  });
});

describe('pickWearableData', () => {
  it('prefers live data for the vitals, keeping the stored scores of the same night', () => {
    const sameNight = { ...stored, readingTime: '2026-11-23T08:00:00.000Z' };
    expect(pickWearableData(reading({ heartRate: 58 }), sameNight, undefined)).toMatchObject({
      heartRate: 58,
      oxygenLevel: 96,
      recoveryScore: 64,
      strain: 9.4,
      skinTempCelsius: 33.7,
      source: 'live',
    });
  });

  it("never shows an older night's recovery and strain beside a newer live reading", () => {
    expect(isNewerThan(reading({}), stored)).toBe(true);
    expect(isNewerThan(reading({}), { ...stored, readingTime: null })).toBe(true);
    expect(isNewerThan(reading({ readingTime: stored.readingTime! }), stored)).toBe(false);
    expect(isNewerThan(null, stored)).toBe(false);
    expect(pickWearableData(reading({ heartRate: 58 }), stored, undefined)).toMatchObject({
      heartRate: 58,
      recoveryScore: null,
      strain: null,
      skinTempCelsius: null,
      readingTime: '2026-11-23T08:00:00.000Z',
      source: 'live',
    });
  });

  it("takes the live reading's own skin temperature, stored in tenths of °F, shown in °C", () => {
    // 33.7 °C is stored as 927 (92.7 °F); shown back to one decimal.
    expect(pickWearableData(reading({ skinTemperature: 927 }), undefined, undefined)).toMatchObject({
      skinTempCelsius: 33.7,
      recoveryScore: null,
      source: 'live',
    });
  });

  it('then stored data, then fetched data, else nothing', () => {
    expect(pickWearableData(null, stored, { ...stored, heartRate: 70 })).toMatchObject({
      heartRate: 52,
      source: 'stored',
    });
    expect(pickWearableData(null, undefined, { ...stored, heartRate: 70 })).toMatchObject({
      heartRate: 70,
      source: 'fetched',
    });
    expect(pickWearableData(null, undefined, undefined)).toBeNull();
  });
});

describe('the window of a wearable summary', () => {
  const local = (day: number, hour: number, minute: number) =>
    new Date(2026, 10, day, hour, minute).toISOString();
  const today = new Date(2026, 10, 23, 12, 0);

  it('comes with the live reading', () => {
    const night = reading({ windowStart: local(23, 1, 10), windowEnd: local(23, 6, 40) });
    expect(pickWearableData(night, undefined, undefined)?.window).toEqual({
      start: local(23, 1, 10),
      end: local(23, 6, 40),
    });
    expect(pickWearableData(null, stored, undefined)?.window).toBeNull();
  });

  it.each([
    ['a night after midnight', local(23, 1, 10), local(23, 6, 40), 'overnight 01:10–06:40'],
    ['a night from the evening before', local(22, 22, 30), local(23, 6, 5), 'overnight 22:30–06:05'],
    ['an afternoon nap', local(23, 14, 0), local(23, 15, 30), '14:00–15:30'],
    ['another day', local(21, 23, 0), local(22, 7, 0), 'overnight 23:00–07:00 (22 Nov)'],
  ])('%s → %s', (_, start, end, text) => {
    expect(formatWindow(start, end, today)).toBe(text);
  });
});

describe('"Connect WHOOP" stays enabled while the server says WHOOP is unavailable (issue 40 item 9)', () => {
  it('says why it cannot be used when the server says WHOOP is unavailable, nothing otherwise', () => {
    expect(whoopUnavailableText({ available: false })).toMatch(/WHOOP is not set up on this server/);
    expect(whoopUnavailableText({ available: true })).toBeNull();
    expect(whoopUnavailableText(undefined)).toBeNull();
  });
});
