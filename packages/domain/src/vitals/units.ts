/**
 * Every unit conversion of the product, once (docs/reference/product-spec.md point 5 for temperature).
 * Temperature is stored in tenths of °F (spec point 3), shown and scored in °C to one decimal.
 */

/**
 * Converts a stored temperature in tenths of °F to °C, unrounded: (v / 10 − 32) × 5/9 (spec point 5).
 * @param tenthsF temperature in tenths of a degree Fahrenheit, e.g. 986 = 98.6 °F
 */
export function tenthsFToCelsius(tenthsF: number): number {
  return ((tenthsF / 10 - 32) * 5) / 9;
}

/**
 * Converts °C to tenths of °F, the unit Vigil stores temperature in, rounded to the nearest tenth of
 * a degree (half up): C × 18 + 320, e.g. 37 → 986 (98.6 °F), 36.98 → 986. Rounded on a
 * 12-significant-digit value first so binary noise cannot flip the last digit.
 * @param celsius temperature in degrees Celsius
 */
export function celsiusToTenthsF(celsius: number): number {
  return Math.round(Number((celsius * 18 + 320).toPrecision(12)));
}

/**
 * Converts °F to tenths of °F as stored, rounded to the nearest tenth (half up), e.g. 98.6 → 986.
 * @param fahrenheit temperature in degrees Fahrenheit
 */
export function fahrenheitToTenthsF(fahrenheit: number): number {
  return Math.round(Number((fahrenheit * 10).toPrecision(12)));
}

/** Millimetres of mercury in one kilopascal (1 mmHg = 133.322 Pa). */
export const MMHG_PER_KPA = 7.50062;

/**
 * Converts a pressure in kPa, as some blood-pressure cuffs send it, to mmHg, unrounded.
 * @param kpa pressure in kilopascals
 */
export function kpaToMmHg(kpa: number): number {
  return kpa * MMHG_PER_KPA;
}

/**
 * Rounds °C to one decimal, half up, as displayed. Works on a 12-significant-digit value first so
 * binary noise (36.05 × 10 = 360.4999…) cannot flip the displayed digit.
 */
export function roundCelsius1(celsius: number): number {
  return Math.round(Number((celsius * 10).toPrecision(12))) / 10;
}

/** °C to one decimal as displayed and as scored by NEWS2 (docs/reference/clinical.md: round before scoring). */
export function tenthsFToRoundedCelsius(tenthsF: number): number {
  return roundCelsius1(tenthsFToCelsius(tenthsF));
}

/** Formats °C with exactly one decimal and no unit, e.g. 37 → "37.0". */
export function formatCelsius(celsius: number): string {
  return roundCelsius1(celsius).toFixed(1);
}

/** Half up to a whole number, on a 12-significant-digit value so 72.49999999999999 stays 72. */
export function roundWhole(value: number): number {
  return Math.round(Number(value.toPrecision(12)));
}
