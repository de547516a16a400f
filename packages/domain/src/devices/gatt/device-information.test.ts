import { describe, expect, it } from 'vitest';
import { decodeModelNumberString, encodeModelNumberString } from './device-information.ts';
import { bytesFromHex } from './hex.ts';

describe('Model Number String (0x2A24)', () => {
  it.each([
    ['48 52 4D 2D 50 72 6F', 'HRM-Pro'],
    ['4F 78 C3 AD 6D 65 74 72 6F', 'Oxímetro'], // two-byte UTF-8
    ['48 52 4D 00 00', 'HRM'], // NUL padding some devices add
    ['', ''],
  ])('%s is "%s"', (hex, modelNumber) => {
    expect(decodeModelNumberString(bytesFromHex(hex))).toEqual({ modelNumber });
  });

  it.each([
    ['FF FE', 'Model Number String: 2 bytes that are not UTF-8 text'],
    ['4F 78 C3', 'Model Number String: 3 bytes that are not UTF-8 text'], // cut inside a character
  ])('%s is refused: %s', (hex, message) => {
    expect(() => decodeModelNumberString(bytesFromHex(hex))).toThrowError(
      expect.objectContaining({ name: 'GattDecodeError', message }),
    );
  });

  it('round-trips text', () => {
    for (const modelNumber of ['Vigil Simulated Monitor', 'Pulse Ox 3000 — série 2', '血压计']) {
      expect(decodeModelNumberString(encodeModelNumberString({ modelNumber }))).toEqual({ modelNumber });
    }
  });
});
