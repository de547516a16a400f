import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeFloat,
  decodeSfloat,
  encodeFloat,
  encodeSfloat,
  FLOAT_SPECIAL,
  SFLOAT_SPECIAL,
} from './ieee11073.ts';
import { rawFloat, rawSfloat } from './test-arbitraries.ts';

/** The decimal mantissa × 10^exponent as the nearest double, independently of the decoder. */
function decimal(mantissa: number, exponent: number): number {
  return Number(`${mantissa}e${exponent}`);
}

function sfloatParts(raw: number) {
  const mantissa = raw & 0x0fff;
  const exponent = raw >> 12;
  return {
    mantissa: mantissa >= 0x800 ? mantissa - 0x1000 : mantissa,
    exponent: exponent >= 8 ? exponent - 16 : exponent,
  };
}

function floatParts(raw: number) {
  const mantissa = raw & 0xffffff;
  const exponent = raw >>> 24;
  return {
    mantissa: mantissa >= 0x800000 ? mantissa - 0x1000000 : mantissa,
    exponent: exponent >= 128 ? exponent - 256 : exponent,
  };
}

describe('SFLOAT (16 bit)', () => {
  it.each([
    [0x0048, 72],
    [0x0062, 98],
    [0xf3cf, 97.5],
    [0xf0a0, 16],
    [0xf06b, 10.7],
    [0xf07d, 12.5],
    [0x0000, 0],
    [0x0fff, -1],
    [0x17ff, 20470], // exponent 1, mantissa 2047: not NaN, NaN is exponent 0 only
    [0x1800, -20480], // exponent 1, mantissa −2048: not NRes
    [0x0801 + 0x1000, -20470],
    [0xf7ff, 204.7],
    [0x87ff, 2047e-8],
    [0x7800, -2048e7],
  ])('0x%s decodes to %s', (raw, value) => {
    expect(decodeSfloat(raw)).toBe(value);
  });

  it.each(Object.entries(SFLOAT_SPECIAL))('%s (0x%s) is no value', (_name, raw) => {
    expect(decodeSfloat(raw)).toBeNull();
  });

  it('decodes every non-special pattern to mantissa × 10^exponent exactly (all 65531)', () => {
    const specials = new Set<number>(Object.values(SFLOAT_SPECIAL));
    // Mismatches collected and compared once: 65,531 expect() calls cost seconds on a loaded machine.
    const wrong: string[] = [];
    for (let raw = 0; raw <= 0xffff; raw++) {
      if (specials.has(raw)) continue;
      const { mantissa, exponent } = sfloatParts(raw);
      const decoded = decodeSfloat(raw);
      if (!Object.is(decoded, decimal(mantissa, exponent))) wrong.push(`0x${raw.toString(16)} → ${decoded}`);
    }
    expect(wrong).toEqual([]);
  });

  it('re-encodes every decoded value to the same value (all 65531 patterns)', () => {
    const specials = new Set<number>(Object.values(SFLOAT_SPECIAL));
    const wrong: string[] = [];
    for (let raw = 0; raw <= 0xffff; raw++) {
      if (specials.has(raw)) continue;
      const value = decodeSfloat(raw)!;
      const again = decodeSfloat(encodeSfloat(value));
      if (!Object.is(again, value)) wrong.push(`0x${raw.toString(16)}: ${value} → ${again}`);
    }
    expect(wrong).toEqual([]);
  });

  it('encodes the way devices do: exponent nearest 0 when exact', () => {
    expect(encodeSfloat(72)).toBe(0x0048);
    expect(encodeSfloat(97.5)).toBe(0xf3cf);
    expect(encodeSfloat(0)).toBe(0x0000);
    expect(encodeSfloat(-1)).toBe(0x0fff);
    expect(encodeSfloat(20000)).toBe(0x17d0); // 2000 × 10^1
  });

  it('encodes with a given exponent', () => {
    expect(encodeSfloat(16, -1)).toBe(0xf0a0);
    expect(encodeSfloat(10.7, -1)).toBe(0xf06b);
    expect(decodeSfloat(encodeSfloat(36.987, -1))).toBe(37);
  });

  it('encodes null, NaN and the infinities as special values', () => {
    expect(encodeSfloat(null)).toBe(SFLOAT_SPECIAL.nan);
    expect(encodeSfloat(Number.NaN)).toBe(SFLOAT_SPECIAL.nan);
    expect(encodeSfloat(Number.POSITIVE_INFINITY)).toBe(SFLOAT_SPECIAL.positiveInfinity);
    expect(encodeSfloat(Number.NEGATIVE_INFINITY)).toBe(SFLOAT_SPECIAL.negativeInfinity);
  });

  it('never encodes a number as a special value', () => {
    // 2046 and 2047 at exponent 0 would be +INF and NaN: another exponent is used, rounding if need be.
    for (const value of [2045, 2046, 2047, -2046, -2047, -2048]) {
      const raw = encodeSfloat(value);
      expect(Object.values(SFLOAT_SPECIAL)).not.toContain(raw);
      expect(Math.abs(decodeSfloat(raw)! - value)).toBeLessThanOrEqual(5);
    }
  });

  it('rounds a value with too many digits to the nearest representable one', () => {
    fc.assert(
      fc.property(fc.double({ min: -2e10, max: 2e10, noNaN: true }), (value) => {
        fc.pre(Math.abs(value) >= 1e-5);
        const decoded = decodeSfloat(encodeSfloat(value))!;
        // A 12-bit mantissa of at least 205 in magnitude: half a step is at most 0.5/204.5 of the value.
        expect(Math.abs(decoded - value)).toBeLessThanOrEqual(Math.abs(value) * (0.5 / 204.5) * (1 + 1e-9));
      }),
    );
  });

  it('refuses values it cannot carry', () => {
    expect(() => encodeSfloat(2048e7)).toThrow(RangeError);
    expect(() => encodeSfloat(1e-12)).toThrow(RangeError);
    expect(() => encodeSfloat(2046, 0)).toThrow(RangeError); // would be +INF
    expect(() => encodeSfloat(3000, 0)).toThrow(RangeError);
    expect(() => encodeSfloat(1, 8)).toThrow(RangeError);
    expect(() => decodeSfloat(0x10000)).toThrow(RangeError);
    expect(() => decodeSfloat(-1)).toThrow(RangeError);
  });

  it('round-trips mantissa and exponent over their whole ranges', () => {
    fc.assert(
      fc.property(rawSfloat, (raw) => {
        const { mantissa, exponent } = sfloatParts(raw);
        const value = decodeSfloat(raw)!;
        expect(value).toBe(decimal(mantissa, exponent));
        expect(decodeSfloat(encodeSfloat(value))).toBe(value);
        expect(decodeSfloat(encodeSfloat(value, exponent))).toBe(value);
      }),
    );
  });
});

describe('FLOAT (32 bit)', () => {
  it.each([
    [0xfe000e72, 36.98],
    [0xff0003da, 98.6],
    [0x00000000, 0],
    [0x00ffffff, -1],
    [0xff7fffff, 838860.7],
    [0x01800000, -83886080], // exponent 1, mantissa −2^23: not NRes
    [0x807fffff, 8388607e-128],
    [0x7f000001, 1e127],
  ])('0x%s decodes to %s', (raw, value) => {
    expect(decodeFloat(raw)).toBe(value);
  });

  it.each(Object.entries(FLOAT_SPECIAL))('%s (0x%s) is no value', (_name, raw) => {
    expect(decodeFloat(raw)).toBeNull();
  });

  it('decodes to mantissa × 10^exponent over the whole range', () => {
    fc.assert(
      fc.property(rawFloat, (raw) => {
        const { mantissa, exponent } = floatParts(raw);
        const value = decodeFloat(raw)!;
        // Powers of ten are exact doubles up to 10^22, so there the result is the nearest double.
        // Beyond, within a few units in the last place.
        if (Math.abs(exponent) <= 22 || mantissa === 0) expect(value).toBe(decimal(mantissa, exponent));
        else expect(Math.abs(value / decimal(mantissa, exponent) - 1)).toBeLessThan(1e-15);
      }),
    );
  });

  it('re-encodes every decoded value to the same value', () => {
    fc.assert(
      fc.property(rawFloat, (raw) => {
        const value = decodeFloat(raw)!;
        expect(decodeFloat(encodeFloat(value))).toBe(value);
        expect(decodeFloat(encodeFloat(value, floatParts(raw).exponent))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('encodes the way thermometers do', () => {
    expect(encodeFloat(36.98)).toBe(0xfe000e72);
    expect(encodeFloat(98.6)).toBe(0xff0003da);
    expect(encodeFloat(null)).toBe(FLOAT_SPECIAL.nan);
    expect(encodeFloat(Number.POSITIVE_INFINITY)).toBe(FLOAT_SPECIAL.positiveInfinity);
    expect(encodeFloat(Number.NEGATIVE_INFINITY)).toBe(FLOAT_SPECIAL.negativeInfinity);
  });

  it('rounds a value with too many digits to 7 significant ones', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e100, max: 1e100, noNaN: true }), (value) => {
        fc.pre(Math.abs(value) >= 1e-100);
        const decoded = decodeFloat(encodeFloat(value))!;
        expect(Math.abs(decoded - value)).toBeLessThanOrEqual(
          Math.abs(value) * (0.5 / 838860.7) * (1 + 1e-9),
        );
      }),
    );
  });

  it('refuses values it cannot carry', () => {
    expect(() => encodeFloat(1e140)).toThrow(RangeError);
    expect(() => encodeFloat(1e-140)).toThrow(RangeError);
    expect(() => encodeFloat(8388606, 0)).toThrow(RangeError); // would be +INF
    expect(() => decodeFloat(2 ** 32)).toThrow(RangeError);
  });
});
