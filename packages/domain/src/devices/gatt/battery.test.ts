import { describe, expect, it } from 'vitest';
import { decodeBatteryLevel, encodeBatteryLevel } from './battery.ts';
import { GattDecodeError } from './errors.ts';
import { bytesFromHex } from './hex.ts';

describe('Battery Level (0x2A19)', () => {
  it.each([
    ['57', 87],
    ['00', 0],
    ['64', 100],
  ])('%s is %s %', (hex, batteryPct) => {
    expect(decodeBatteryLevel(bytesFromHex(hex))).toEqual({ batteryPct });
  });

  it('round-trips every level 0–100', () => {
    for (let batteryPct = 0; batteryPct <= 100; batteryPct++) {
      expect(decodeBatteryLevel(encodeBatteryLevel({ batteryPct }))).toEqual({ batteryPct });
    }
  });

  it.each([
    ['65', 'Battery Level: 101 % is above 100 %'],
    ['FF', 'Battery Level: 255 % is above 100 %'],
    ['', 'Battery Level: 0 bytes, but the battery level needs 1'],
    ['57 00', 'Battery Level: 2 bytes, but the format accounts for 1; 1 byte left over'],
  ])('%s is refused: %s', (hex, message) => {
    const attempt = () => decodeBatteryLevel(bytesFromHex(hex));
    expect(attempt).toThrow(GattDecodeError);
    expect(attempt).toThrow(message);
  });

  it('refuses to encode a level out of 0–100', () => {
    expect(() => encodeBatteryLevel({ batteryPct: 101 })).toThrow(RangeError);
    expect(() => encodeBatteryLevel({ batteryPct: -1 })).toThrow(RangeError);
    expect(() => encodeBatteryLevel({ batteryPct: 50.5 })).toThrow(RangeError);
  });
});
