/**
 * fast-check generators shared by the codec tests (test code only; nothing else imports this file).
 * Values are drawn as raw SFLOAT/FLOAT bit patterns over their whole range and decoded, so every
 * representable number can come up, not only those a hand-picked range would give.
 */
import fc from 'fast-check';
import type { GattDateTime } from './date-time.ts';
import { decodeFloat, decodeSfloat, FLOAT_SPECIAL, SFLOAT_SPECIAL } from './ieee11073.ts';

const SFLOAT_SPECIALS = new Set<number>(Object.values(SFLOAT_SPECIAL));
const FLOAT_SPECIALS = new Set<number>(Object.values(FLOAT_SPECIAL));

/** Any raw SFLOAT that is not a special value. */
export const rawSfloat = fc.integer({ min: 0, max: 0xffff }).filter((raw) => !SFLOAT_SPECIALS.has(raw));
/** Any raw FLOAT that is not a special value. */
export const rawFloat = fc.integer({ min: 0, max: 0xffffffff }).filter((raw) => !FLOAT_SPECIALS.has(raw));

/** Any number an SFLOAT can carry. */
export const sfloatValue = rawSfloat.map((raw) => decodeSfloat(raw)!);
/** Any number a FLOAT can carry. */
export const floatValue = rawFloat.map((raw) => decodeFloat(raw)!);

/** Any valid Date Time, unknown year, month and day included. */
export const gattDateTime: fc.Arbitrary<GattDateTime> = fc.record({
  year: fc.option(fc.integer({ min: 1582, max: 9999 }), { nil: null }),
  month: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
  hours: fc.integer({ min: 0, max: 23 }),
  minutes: fc.integer({ min: 0, max: 59 }),
  seconds: fc.integer({ min: 0, max: 59 }),
});

/** Each value, or null (the field left out). */
export const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
