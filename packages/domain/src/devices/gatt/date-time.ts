import { GattDecodeError } from './errors.ts';

/**
 * A GATT Date Time (org.bluetooth.characteristic.date_time): the device's local wall-clock time,
 * with no time zone. A device sends 0 for a year, month or day it does not know; those are null.
 */
export interface GattDateTime {
  /** 1582–9999, or null when the device does not know it. */
  year: number | null;
  /** 1–12, or null when unknown. */
  month: number | null;
  /** 1–31, or null when unknown. */
  day: number | null;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Bytes of a Date Time field: year u16, month, day, hours, minutes, seconds. */
export const GATT_DATE_TIME_BYTES = 7;

/**
 * Reads the 7-byte Date Time field at `offset`. A field out of its range is an error: a month of 13
 * means the bytes are not a date, so nothing after them can be trusted either.
 * @param characteristic the characteristic carrying it, named in errors
 * @throws GattDecodeError when a field is out of range or the bytes end early
 */
export function readGattDateTime(characteristic: string, bytes: Uint8Array, offset = 0): GattDateTime {
  if (bytes.length < offset + GATT_DATE_TIME_BYTES) {
    throw new GattDecodeError(
      characteristic,
      `${bytes.length} bytes, but a date time at byte ${offset} needs ${offset + GATT_DATE_TIME_BYTES}`,
    );
  }
  const year = bytes[offset]! | (bytes[offset + 1]! << 8);
  const [month, day, hours, minutes, seconds] = bytes.subarray(offset + 2, offset + GATT_DATE_TIME_BYTES);
  const check = (field: string, value: number, min: number, max: number, unknownIsZero: boolean) => {
    if ((unknownIsZero && value === 0) || (value >= min && value <= max)) return;
    const allowed = `${unknownIsZero ? '0 (unknown) or ' : ''}${min}–${max}`;
    throw new GattDecodeError(characteristic, `date time ${field} ${value} is not ${allowed}`);
  };
  check('year', year, 1582, 9999, true);
  check('month', month!, 1, 12, true);
  check('day', day!, 1, 31, true);
  check('hours', hours!, 0, 23, false);
  check('minutes', minutes!, 0, 59, false);
  check('seconds', seconds!, 0, 59, false);
  return {
    year: year === 0 ? null : year,
    month: month === 0 ? null : month!,
    day: day === 0 ? null : day!,
    hours: hours!,
    minutes: minutes!,
    seconds: seconds!,
  };
}

/**
 * Encodes a Date Time field (7 bytes); null year, month or day encode 0 ("unknown").
 * @throws RangeError when a field is out of its range
 */
export function encodeGattDateTime(dateTime: GattDateTime): Uint8Array {
  const { year, month, day, hours, minutes, seconds } = dateTime;
  const check = (field: string, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`Date time ${field} must be ${min}–${max}, not ${value}`);
    }
  };
  if (year !== null) check('year', year, 1582, 9999);
  if (month !== null) check('month', month, 1, 12);
  if (day !== null) check('day', day, 1, 31);
  check('hours', hours, 0, 23);
  check('minutes', minutes, 0, 59);
  check('seconds', seconds, 0, 59);
  const yearValue = year ?? 0;
  return Uint8Array.of(yearValue & 0xff, yearValue >> 8, month ?? 0, day ?? 0, hours, minutes, seconds);
}
