import { describe, expect, it } from 'vitest';
import { DeviceLinkCreateInput, DeviceLinkUpdateInput } from '../devices/links.ts';
import { CONNECTION_TYPES } from '../devices/sources.ts';
import { DeviceReadingInput } from '../readings.ts';
import { HEART_RATE, TEMPERATURE } from './catalogue.ts';
import { celsiusEntry, celsiusRange, vitalValue } from './schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the °C entry of a temperature', () => {
  const entry = celsiusEntry(TEMPERATURE);

  it('has the plausible range of the stored tenths of °F, in °C', () => {
    expect(celsiusRange(TEMPERATURE)).toEqual({ min: 30, max: 45 });
  });

  it.each([
    [37, 986],
    [36.98, 986],
    [30, 860],
    [45, 1130],
  ])('takes %f °C as %i tenths of °F', (celsius, tenthsF) => {
    expect(entry.parse(celsius)).toBe(tenthsF);
  });

  it('says what to fix, in °C', () => {
    expect(messages(entry.safeParse(undefined))).toEqual(['Temperature is required: 30.0–45.0 °C']);
    expect(messages(entry.safeParse('hot'))).toEqual(['Temperature must be a number: 30.0–45.0 °C']);
    expect(messages(entry.safeParse(29.9))).toEqual([
      'Temperature must be within 30.0–45.0 °C; re-measure or correct the entry',
    ]);
  });
});

describe('a whole-number vital', () => {
  it('names the whole-number rule first, and only it, as the API answers it', () => {
    expect(messages(vitalValue('heartRate').safeParse(400.5))).toEqual([
      `${HEART_RATE.label} must be a whole number: 20–300 beats/min`,
    ]);
    expect(messages(vitalValue('heartRate').safeParse(400))).toEqual([
      `${HEART_RATE.label} must be within 20–300 beats/min; re-measure or correct the entry`,
    ]);
  });
});

describe('the battery level', () => {
  const base = { patientId: 1, deviceId: 'dev-1', connectionType: CONNECTION_TYPES.bluetooth };
  it('is read alike by a reading, a new device link and a link update', () => {
    for (const bad of [-1, 101, 50.5, '50']) {
      const reading = DeviceReadingInput.safeParse({
        patientId: 1,
        readingTime: '2026-11-25T10:00:00.000Z',
        heartRate: 80,
        batteryLevel: bad,
      });
      const created = DeviceLinkCreateInput.safeParse({ ...base, batteryLevel: bad });
      const updated = DeviceLinkUpdateInput.safeParse({ batteryLevel: bad });
      expect(messages(reading)).toEqual(messages(created));
      expect(messages(created)).toEqual(messages(updated));
      expect(messages(created)[0]).toMatch(/^batteryLevel must be /);
    }
    expect(DeviceLinkUpdateInput.parse({ batteryLevel: null })).toEqual({ batteryLevel: null });
  });
});
