import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GATT_CHARACTERISTICS, GATT_SERVICES, gattUuid, parseGattUuid } from './uuids.ts';

describe('GATT UUIDs', () => {
  it('spells 16-bit numbers as full lower-case UUIDs of the Bluetooth Base', () => {
    expect(gattUuid(GATT_SERVICES.heartRate)).toBe('0000180d-0000-1000-8000-00805f9b34fb');
    expect(gattUuid(GATT_CHARACTERISTICS.plxContinuous)).toBe('00002a5f-0000-1000-8000-00805f9b34fb');
    expect(gattUuid(0x2902)).toBe('00002902-0000-1000-8000-00805f9b34fb');
    expect(gattUuid(0)).toBe('00000000-0000-1000-8000-00805f9b34fb');
  });

  it('refuses numbers that are not 16 bits', () => {
    expect(() => gattUuid(0x10000)).toThrow(RangeError);
    expect(() => gattUuid(-1)).toThrow(RangeError);
    expect(() => gattUuid(1.5)).toThrow(RangeError);
  });

  it.each([
    [0x2a37, 0x2a37],
    ['0x2a37', 0x2a37],
    ['0x2A37', 0x2a37],
    ['2a37', 0x2a37],
    ['180d', 0x180d],
    ['00002a37-0000-1000-8000-00805f9b34fb', 0x2a37],
    ['00002A37-0000-1000-8000-00805F9B34FB', 0x2a37],
    [' 0000180f-0000-1000-8000-00805f9b34fb ', 0x180f],
  ] as const)('parses %s', (uuid, short) => {
    expect(parseGattUuid(uuid)).toBe(short);
  });

  it.each([
    ['6e400003-b5a3-f393-e0a9-e50e24dcca9e'], // a vendor's own 128-bit UUID
    ['12342a37-0000-1000-8000-00805f9b34fb'], // 32-bit number in the base
    ['heart_rate'],
    ['0x12345'],
    [''],
    [0x10000],
    [-1],
    [2.5],
  ] as const)('does not take %s for a 16-bit UUID', (uuid) => {
    expect(parseGattUuid(uuid)).toBeNull();
  });

  it('parses every UUID it spells', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), (short) => {
        expect(parseGattUuid(gattUuid(short))).toBe(short);
      }),
    );
  });
});
