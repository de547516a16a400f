import { GattReader } from './bytes.ts';

const BATTERY_LEVEL = 'Battery Level';

/** A decoded Battery Level (0x2A19). */
export interface BatteryLevel {
  batteryPct: number;
}

/**
 * Decodes a Battery Level (0x2A19): one byte, 0–100 %. Above 100 is an error (the specification
 * reserves 101–255), and so is any byte after the first.
 * @throws GattDecodeError when the value is not exactly one byte of 0–100
 */
export function decodeBatteryLevel(bytes: Uint8Array): BatteryLevel {
  const reader = new GattReader(BATTERY_LEVEL, bytes);
  const batteryPct = reader.u8('the battery level');
  reader.end(false, false);
  if (batteryPct > 100) reader.fail(`${batteryPct} % is above 100 %`);
  return { batteryPct };
}

/**
 * Encodes a Battery Level (0x2A19).
 * @throws RangeError when the level is not a whole number 0–100
 */
export function encodeBatteryLevel(level: BatteryLevel): Uint8Array {
  const { batteryPct } = level;
  if (!Number.isInteger(batteryPct) || batteryPct < 0 || batteryPct > 100) {
    throw new RangeError(`Battery level must be a whole number 0–100 %, not ${batteryPct}`);
  }
  return Uint8Array.of(batteryPct);
}
