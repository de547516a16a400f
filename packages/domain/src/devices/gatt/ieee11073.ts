/**
 * IEEE 11073-20601 medical floats as GATT health profiles carry them: value = mantissa × 10^exponent.
 * SFLOAT is 16 bits (4-bit exponent, 12-bit mantissa), FLOAT 32 bits (8-bit exponent, 24-bit
 * mantissa), both two's complement. Special values (NaN, NRes, ±INF, reserved) mean the device has no
 * number to give; they decode to null, never to a number.
 */

/** Raw SFLOAT special values; all have exponent 0. */
export const SFLOAT_SPECIAL = {
  nan: 0x07ff,
  nres: 0x0800,
  positiveInfinity: 0x07fe,
  negativeInfinity: 0x0802,
  reserved: 0x0801,
} as const;

/** Raw FLOAT special values; all have exponent 0. */
export const FLOAT_SPECIAL = {
  nan: 0x007fffff,
  nres: 0x00800000,
  positiveInfinity: 0x007ffffe,
  negativeInfinity: 0x00800002,
  reserved: 0x00800001,
} as const;

interface Format {
  name: string;
  mantissaBits: number;
  exponentBits: number;
  specials: ReadonlySet<number>;
  nan: number;
  positiveInfinity: number;
  negativeInfinity: number;
}

const SFLOAT: Format = {
  name: 'SFLOAT',
  mantissaBits: 12,
  exponentBits: 4,
  specials: new Set(Object.values(SFLOAT_SPECIAL)),
  nan: SFLOAT_SPECIAL.nan,
  positiveInfinity: SFLOAT_SPECIAL.positiveInfinity,
  negativeInfinity: SFLOAT_SPECIAL.negativeInfinity,
};

const FLOAT: Format = {
  name: 'FLOAT',
  mantissaBits: 24,
  exponentBits: 8,
  specials: new Set(Object.values(FLOAT_SPECIAL)),
  nan: FLOAT_SPECIAL.nan,
  positiveInfinity: FLOAT_SPECIAL.positiveInfinity,
  negativeInfinity: FLOAT_SPECIAL.negativeInfinity,
};

function signed(bits: number, width: number): number {
  return bits >= 2 ** (width - 1) ? bits - 2 ** width : bits;
}

/**
 * mantissa × 10^exponent. Dividing by 10^−exponent (exact for |exponent| ≤ 22) gives the double
 * nearest the decimal, so 3698 × 10^−2 is exactly the double 36.98 and not 36.980000000000004.
 */
function scale(mantissa: number, exponent: number): number {
  return exponent < 0 ? mantissa / 10 ** -exponent : mantissa * 10 ** exponent;
}

function decode(format: Format, raw: number): number | null {
  const width = format.mantissaBits + format.exponentBits;
  if (!Number.isInteger(raw) || raw < 0 || raw >= 2 ** width) {
    throw new RangeError(`A raw ${format.name} is a ${width}-bit unsigned integer, not ${raw}`);
  }
  // Specials first: sign-extending 0x0800 would read as the valid number −2048.
  if (format.specials.has(raw)) return null;
  const mantissaRange = 2 ** format.mantissaBits;
  const mantissa = signed(raw % mantissaRange, format.mantissaBits);
  const exponent = signed(Math.floor(raw / mantissaRange), format.exponentBits);
  return scale(mantissa, exponent);
}

function pack(format: Format, mantissa: number, exponent: number): number {
  const mantissaRange = 2 ** format.mantissaBits;
  const exponentRange = 2 ** format.exponentBits;
  return (
    ((exponent + exponentRange) % exponentRange) * mantissaRange +
    ((mantissa + mantissaRange) % mantissaRange)
  );
}

/** The mantissa for `value` at `exponent`, or null when it does not fit or would be a special. */
function mantissaAt(format: Format, value: number, exponent: number): number | null {
  const mantissa = Math.round(exponent < 0 ? value * 10 ** -exponent : value / 10 ** exponent);
  const limit = 2 ** (format.mantissaBits - 1);
  if (mantissa < -limit || mantissa >= limit) return null;
  if (format.specials.has(pack(format, mantissa, exponent))) return null;
  return mantissa;
}

function encode(format: Format, value: number | null, exponent: number | undefined): number {
  if (value === null || Number.isNaN(value)) return format.nan;
  if (value === Number.POSITIVE_INFINITY) return format.positiveInfinity;
  if (value === Number.NEGATIVE_INFINITY) return format.negativeInfinity;
  const minExponent = -(2 ** (format.exponentBits - 1));
  const maxExponent = 2 ** (format.exponentBits - 1) - 1;
  if (exponent !== undefined) {
    if (!Number.isInteger(exponent) || exponent < minExponent || exponent > maxExponent) {
      throw new RangeError(`A ${format.name} exponent is ${minExponent}–${maxExponent}, not ${exponent}`);
    }
    const mantissa = mantissaAt(format, value, exponent);
    if (mantissa === null) {
      throw new RangeError(`${value} does not fit a ${format.name} mantissa at exponent ${exponent}`);
    }
    return pack(format, mantissa, exponent);
  }
  // An exact representation when there is one, with the exponent nearest 0 (72 → 72 × 10^0, 97.5 →
  // 975 × 10^−1), so the bytes look like those devices send.
  for (let distance = 0; distance <= maxExponent + 1; distance++) {
    for (const candidate of distance === 0 ? [0] : [-distance, distance]) {
      if (candidate < minExponent || candidate > maxExponent) continue;
      const mantissa = mantissaAt(format, value, candidate);
      if (mantissa !== null && scale(mantissa, candidate) === value) return pack(format, mantissa, candidate);
    }
  }
  // Otherwise the most precise one that fits.
  for (let candidate = minExponent; candidate <= maxExponent; candidate++) {
    const mantissa = mantissaAt(format, value, candidate);
    if (mantissa === null) continue;
    if (mantissa === 0 && value !== 0) break;
    return pack(format, mantissa, candidate);
  }
  throw new RangeError(`${value} is out of the ${format.name} range`);
}

/**
 * Decodes a 16-bit IEEE 11073 SFLOAT (mantissa × 10^exponent).
 * @param raw the little-endian u16 as read
 * @returns the value, or null for NaN, NRes, ±INF and the reserved value ("no value")
 */
export function decodeSfloat(raw: number): number | null {
  return decode(SFLOAT, raw);
}

/**
 * Encodes a number as a 16-bit IEEE 11073 SFLOAT. Without `exponent`, picks an exact representation
 * with the exponent nearest 0, else the most precise one (12-bit mantissa: about 3 significant
 * digits). null and NaN encode NaN; ±Infinity encode ±INF.
 * @throws RangeError when the value does not fit (beyond ±2047 × 10^7, or the given exponent)
 */
export function encodeSfloat(value: number | null, exponent?: number): number {
  return encode(SFLOAT, value, exponent);
}

/**
 * Decodes a 32-bit IEEE 11073 FLOAT (mantissa × 10^exponent).
 * @param raw the little-endian u32 as read
 * @returns the value, or null for NaN, NRes, ±INF and the reserved value ("no value")
 */
export function decodeFloat(raw: number): number | null {
  return decode(FLOAT, raw);
}

/**
 * Encodes a number as a 32-bit IEEE 11073 FLOAT, choosing the exponent as {@link encodeSfloat} does
 * (24-bit mantissa: about 7 significant digits).
 * @throws RangeError when the value does not fit
 */
export function encodeFloat(value: number | null, exponent?: number): number {
  return encode(FLOAT, value, exponent);
}
