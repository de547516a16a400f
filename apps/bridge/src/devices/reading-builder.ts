import {
  CONNECTION_TYPES,
  type DecodedCharacteristic,
  DeviceReadingInput,
  GATT_VITAL_KEYS,
  type GattDateTime,
  measurementToReading,
} from '@vigil/domain';
import type { ReadingBody } from '../store/journal.ts';

/** A device clock further off than this is not trusted: the bridge's receive time is used instead. */
const DEVICE_CLOCK_FUTURE_MS = 60_000;
const DEVICE_CLOCK_PAST_MS = 30 * 24 * 3_600_000;

const VITALS = GATT_VITAL_KEYS;
const REMOVABLE = new Set<string>([...VITALS, 'batteryLevel']);

/** The device's own time of a measurement (stored measurements sent later carry one), if usable. */
function deviceTime(decoded: DecodedCharacteristic, receivedAt: Date): Date | null {
  if (!('timestamp' in decoded) || !decoded.timestamp) return null;
  if ('isDeviceClockNotSet' in decoded && decoded.isDeviceClockNotSet) return null;
  const t: GattDateTime = decoded.timestamp;
  if (t.year === null || t.month === null || t.day === null) return null;
  // GATT Date Time has no time zone: devices are set to local time, by a phone or by us.
  const time = new Date(t.year, t.month - 1, t.day, t.hours, t.minutes, t.seconds);
  const skew = time.getTime() - receivedAt.getTime();
  if (Number.isNaN(skew) || skew > DEVICE_CLOCK_FUTURE_MS || -skew > DEVICE_CLOCK_PAST_MS) return null;
  return time;
}

/**
 * Turns decoded measurements into readings for POST /api/device-readings. Vigil stores one reading
 * per (deviceId, readingTime), so times must never collide by accident:
 * - a measurement the device dated keeps its time (a cuff resending its memory is then stored once);
 * - otherwise the receive time, strictly increasing per device, and never on a whole second, which
 *   is where device-dated times (whole seconds) fall.
 */
export class ReadingBuilder {
  private readonly lastStamp = new Map<string, number>();

  build(
    device: { id: string; name: string | null; simulated: boolean },
    decoded: DecodedCharacteristic,
    receivedAt: Date,
    batteryLevel: number | null,
  ): ReadingBody | null {
    const fields = measurementToReading(decoded);
    const vitals = Object.fromEntries(
      VITALS.flatMap((k) => (fields[k] === undefined ? [] : [[k, fields[k]]])),
    );
    if (Object.keys(vitals).length === 0) return null;
    const reading: ReadingBody = {
      deviceId: device.id,
      deviceName: device.name?.slice(0, 200) ?? null,
      connectionType: device.simulated ? CONNECTION_TYPES.simulation : CONNECTION_TYPES.bridge,
      readingTime: this.timeFor(device.id, decoded, receivedAt),
      ...vitals,
      ...(batteryLevel === null ? {} : { batteryLevel }),
    };
    return plausible(reading);
  }

  private timeFor(deviceId: string, decoded: DecodedCharacteristic, receivedAt: Date): string {
    const dated = deviceTime(decoded, receivedAt);
    if (dated) return dated.toISOString();
    let ms = Math.max(receivedAt.getTime(), (this.lastStamp.get(deviceId) ?? 0) + 1);
    if (ms % 1000 === 0) ms++;
    this.lastStamp.set(deviceId, ms);
    return new Date(ms).toISOString();
  }
}

/**
 * The reading without the fields Vigil would refuse (a batch is stored all or nothing, so one
 * implausible value must not sink the others); null when no vital sign is left.
 */
export function plausible(reading: ReadingBody): ReadingBody | null {
  let current: ReadingBody = reading;
  for (let i = 0; i < VITALS.length + 2; i++) {
    // patientId is added at upload time; any valid id checks the rest.
    const result = DeviceReadingInput.safeParse({ patientId: 1, ...current });
    if (result.success) return current;
    const bad = new Set(result.error.issues.map((issue) => issue.path[0]));
    if (bad.has('diastolicBP')) bad.add('systolicBP'); // swapped or inconsistent: neither is trusted
    if (![...bad].every((k) => REMOVABLE.has(k as string))) return null;
    const next = Object.fromEntries(Object.entries(current).filter(([k]) => !bad.has(k))) as ReadingBody;
    if (Object.keys(next).length === Object.keys(current).length) return null;
    if (!VITALS.some((k) => next[k] !== undefined)) return null;
    current = next;
  }
  return null;
}
