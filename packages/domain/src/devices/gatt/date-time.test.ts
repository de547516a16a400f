import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeGattDateTime, readGattDateTime } from './date-time.ts';
import { GattDecodeError } from './errors.ts';
import { bytesFromHex } from './hex.ts';
import { gattDateTime } from './test-arbitraries.ts';

const read = (hex: string, offset = 0) => readGattDateTime('Date Time', bytesFromHex(hex), offset);

describe('GATT Date Time', () => {
  it('reads year (u16), month, day, hours, minutes, seconds', () => {
    expect(read('EA 07 03 02 0E 1E 05')).toEqual({
      year: 2026,
      month: 3,
      day: 2,
      hours: 14,
      minutes: 30,
      seconds: 5,
    });
  });

  it('reads at an offset', () => {
    expect(read('FF FF EA 07 0C 1F 17 3B 3B', 2)).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
  });

  it('reads 0 as an unknown year, month and day', () => {
    expect(read('00 00 00 00 00 00 00')).toEqual({
      year: null,
      month: null,
      day: null,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });

  it.each([
    ['EA 07 0D 02 0E 1E 05', 'Date Time: date time month 13 is not 0 (unknown) or 1–12'],
    ['EA 07 03 20 0E 1E 05', 'Date Time: date time day 32 is not 0 (unknown) or 1–31'],
    ['EA 07 03 02 18 1E 05', 'Date Time: date time hours 24 is not 0–23'],
    ['EA 07 03 02 0E 3C 05', 'Date Time: date time minutes 60 is not 0–59'],
    ['EA 07 03 02 0E 1E 3C', 'Date Time: date time seconds 60 is not 0–59'],
    ['E8 03 03 02 0E 1E 05', 'Date Time: date time year 1000 is not 0 (unknown) or 1582–9999'],
    ['10 27 03 02 0E 1E 05', 'Date Time: date time year 10000 is not 0 (unknown) or 1582–9999'],
    ['EA 07 03 02 0E 1E', 'Date Time: 6 bytes, but a date time at byte 0 needs 7'],
  ])('%s is refused: %s', (hex, message) => {
    expect(() => read(hex)).toThrow(new GattDecodeError('Date Time', message.slice('Date Time: '.length)));
  });

  it('round-trips every valid date time', () => {
    fc.assert(
      fc.property(gattDateTime, (dateTime) => {
        const bytes = encodeGattDateTime(dateTime);
        expect(bytes).toHaveLength(7);
        expect(readGattDateTime('Date Time', bytes)).toEqual(dateTime);
      }),
    );
  });

  it('refuses to encode a field out of range', () => {
    const valid = { year: 2026, month: 3, day: 2, hours: 14, minutes: 30, seconds: 5 };
    expect(() => encodeGattDateTime({ ...valid, month: 13 })).toThrow(RangeError);
    expect(() => encodeGattDateTime({ ...valid, hours: 24 })).toThrow(RangeError);
    expect(() => encodeGattDateTime({ ...valid, year: 1000 })).toThrow(RangeError);
  });
});
