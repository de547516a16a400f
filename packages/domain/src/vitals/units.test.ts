import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  celsiusToTenthsF,
  fahrenheitToTenthsF,
  formatCelsius,
  kpaToMmHg,
  roundCelsius1,
  tenthsFToCelsius,
  tenthsFToRoundedCelsius,
} from './units.ts';

describe('temperature conversion (spec point 5)', () => {
  it.each([
    { tenthsF: 986, celsius: '37.0' },
    { tenthsF: 320, celsius: '0.0' },
    { tenthsF: 950, celsius: '35.0' },
    { tenthsF: 951, celsius: '35.1' },
    { tenthsF: 968, celsius: '36.0' },
    { tenthsF: 969, celsius: '36.1' },
    { tenthsF: 1004, celsius: '38.0' },
    { tenthsF: 1005, celsius: '38.1' },
    { tenthsF: 1013, celsius: '38.5' },
    { tenthsF: 1015, celsius: '38.6' },
    { tenthsF: 1022, celsius: '39.0' },
    { tenthsF: 1023, celsius: '39.1' },
  ])('$tenthsF tenths °F is displayed as $celsius °C', ({ tenthsF, celsius }) => {
    expect(formatCelsius(tenthsFToCelsius(tenthsF))).toBe(celsius);
    expect(tenthsFToRoundedCelsius(tenthsF)).toBe(Number(celsius));
  });

  it('converts without rounding: (v/10 − 32) × 5/9', () => {
    expect(tenthsFToCelsius(986)).toBeCloseTo(37, 10);
    expect(tenthsFToCelsius(1005)).toBeCloseTo(38.0555556, 6);
  });

  it.each([
    { celsius: 36.05, rounded: 36.1 },
    { celsius: 36.04, rounded: 36.0 },
    { celsius: 38.05, rounded: 38.1 },
    { celsius: 37.96, rounded: 38.0 },
    { celsius: 37, rounded: 37 },
  ])('rounds $celsius °C half up to $rounded', ({ celsius, rounded }) => {
    expect(roundCelsius1(celsius)).toBe(rounded);
  });
});

describe('celsiusToTenthsF (device temperatures in °C stored as tenths of °F)', () => {
  it.each([
    { celsius: 37, tenthsF: 986 },
    { celsius: 36.98, tenthsF: 986 }, // 98.564 °F
    { celsius: 0, tenthsF: 320 },
    { celsius: 100, tenthsF: 2120 },
    { celsius: -40, tenthsF: -400 },
    { celsius: 38.5, tenthsF: 1013 },
    { celsius: 37.25, tenthsF: 991 }, // 99.05 °F: half up
    { celsius: 36.05, tenthsF: 969 }, // 96.89 °F
    { celsius: 30, tenthsF: 860 },
    { celsius: 45, tenthsF: 1130 },
  ])('$celsius °C → $tenthsF', ({ celsius, tenthsF }) => {
    expect(celsiusToTenthsF(celsius)).toBe(tenthsF);
  });

  it('gives back every stored temperature from its °C (860–1130 tenths °F, and beyond)', () => {
    for (let tenthsF = -500; tenthsF <= 2500; tenthsF++) {
      expect(celsiusToTenthsF(tenthsFToCelsius(tenthsF))).toBe(tenthsF);
    }
  });

  it('is within half a tenth of °F of the exact conversion', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (celsius) => {
        expect(Math.abs(celsiusToTenthsF(celsius) - (celsius * 1.8 + 32) * 10)).toBeLessThanOrEqual(
          0.5 + 1e-9,
        );
      }),
    );
  });
});

describe('fahrenheitToTenthsF and kpaToMmHg', () => {
  it.each([
    { fahrenheit: 98.6, tenthsF: 986 },
    { fahrenheit: 98.55, tenthsF: 986 }, // half up
    { fahrenheit: 100.04, tenthsF: 1000 },
    { fahrenheit: 96, tenthsF: 960 },
  ])('$fahrenheit °F → $tenthsF', ({ fahrenheit, tenthsF }) => {
    expect(fahrenheitToTenthsF(fahrenheit)).toBe(tenthsF);
  });

  it('converts kPa to mmHg (1 kPa = 7.50062 mmHg)', () => {
    expect(kpaToMmHg(16)).toBeCloseTo(120.00992, 5);
    expect(kpaToMmHg(10.7)).toBeCloseTo(80.256634, 5);
    expect(kpaToMmHg(0)).toBe(0);
  });
});
