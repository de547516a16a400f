import {
  GATT_CHARACTERISTICS as C,
  decodeCharacteristic,
  encodeBloodPressureMeasurement,
  encodeHeartRateMeasurement,
  encodeTemperatureMeasurement,
} from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { plausible, ReadingBuilder } from './reading-builder.ts';

const strap = { id: 'c0ffee000001', name: 'Strap', simulated: false };
const at = new Date('2026-03-02T08:00:00.000Z');
const heart = (bpm: number) =>
  decodeCharacteristic(C.heartRateMeasurement, encodeHeartRateMeasurement({ heartRate: bpm }));

describe('ReadingBuilder', () => {
  it('builds a Bridge reading with the battery of the connection', () => {
    expect(new ReadingBuilder().build(strap, heart(72), new Date('2026-03-02T08:00:00.250Z'), 87)).toEqual({
      deviceId: strap.id,
      deviceName: 'Strap',
      connectionType: 'Bridge',
      readingTime: '2026-03-02T08:00:00.250Z',
      heartRate: 72,
      batteryLevel: 87,
    });
  });

  it('labels simulated devices as Simulation', () => {
    const reading = new ReadingBuilder().build({ ...strap, simulated: true }, heart(72), at, null);
    expect(reading?.connectionType).toBe('Simulation');
    expect(reading).not.toHaveProperty('batteryLevel');
  });

  it('never gives two readings of a device the same time, nor a whole second', () => {
    const builder = new ReadingBuilder();
    const times = [0, 1, 2].map(() => builder.build(strap, heart(72), at, null)!.readingTime);
    expect(times).toEqual([
      '2026-03-02T08:00:00.001Z',
      '2026-03-02T08:00:00.002Z',
      '2026-03-02T08:00:00.003Z',
    ]);
    // Another device keeps its own clock.
    expect(builder.build({ ...strap, id: 'other' }, heart(72), at, null)!.readingTime).toBe(
      '2026-03-02T08:00:00.001Z',
    );
  });

  it("keeps a measurement's own time when the device dated it, and the bridge's when that time is implausible", () => {
    const builder = new ReadingBuilder();
    const local = new Date(2026, 2, 2, 7, 55, 10); // GATT date-time is local time
    const dated = (d: Date) =>
      decodeCharacteristic(
        C.bloodPressureMeasurement,
        encodeBloodPressureMeasurement({
          unit: 'mmHg',
          systolicInUnit: 121,
          diastolicInUnit: 81,
          meanArterialPressureInUnit: 94,
          timestamp: {
            year: d.getFullYear(),
            month: d.getMonth() + 1,
            day: d.getDate(),
            hours: d.getHours(),
            minutes: d.getMinutes(),
            seconds: d.getSeconds(),
          },
        }),
      );
    const receivedAt = new Date(local.getTime() + 5 * 60_000);
    expect(builder.build(strap, dated(local), receivedAt, null)).toMatchObject({
      readingTime: local.toISOString(),
      systolicBP: 121,
      diastolicBP: 81,
    });
    const future = new Date(receivedAt.getTime() + 3_600_000);
    expect(builder.build(strap, dated(future), receivedAt, null)!.readingTime).not.toBe(future.toISOString());
  });

  it('turns a thermometer in °C into tenths of °F', () => {
    const decoded = decodeCharacteristic(
      C.temperatureMeasurement,
      encodeTemperatureMeasurement({ temperatureInUnit: 37, unit: 'celsius' }),
    );
    expect(new ReadingBuilder().build(strap, decoded, at, null)?.temperature).toBe(986);
  });

  it('takes no reading from a heart rate without skin contact', () => {
    const decoded = decodeCharacteristic(
      C.heartRateMeasurement,
      encodeHeartRateMeasurement({ heartRate: 0, sensorContact: 'not-detected' }),
    );
    expect(new ReadingBuilder().build(strap, decoded, at, 50)).toBeNull();
  });
});

describe('plausible', () => {
  const base = { deviceId: 'x', deviceName: 'x', connectionType: 'Bridge', readingTime: at.toISOString() };
  it('drops only the implausible field', () => {
    expect(plausible({ ...base, heartRate: 0, oxygenLevel: 97, batteryLevel: 50 })).toEqual({
      ...base,
      oxygenLevel: 97,
      batteryLevel: 50,
    });
  });
  it('drops a swapped blood pressure as a whole', () => {
    expect(plausible({ ...base, systolicBP: 80, diastolicBP: 120, heartRate: 70 })).toEqual({
      ...base,
      heartRate: 70,
    });
  });
  it('is null when no vital sign is left', () => {
    expect(plausible({ ...base, heartRate: 900, batteryLevel: 50 })).toBeNull();
  });
});
