/** Bluetooth SIG assigned numbers of the services Vigil reads (Assigned Numbers, GATT services). */
export const GATT_SERVICES = {
  heartRate: 0x180d,
  battery: 0x180f,
  healthThermometer: 0x1809,
  deviceInformation: 0x180a,
  pulseOximeter: 0x1822,
  bloodPressure: 0x1810,
} as const;

/** Bluetooth SIG assigned numbers of the characteristics Vigil decodes. */
export const GATT_CHARACTERISTICS = {
  heartRateMeasurement: 0x2a37,
  bodySensorLocation: 0x2a38,
  batteryLevel: 0x2a19,
  temperatureMeasurement: 0x2a1c,
  plxSpotCheck: 0x2a5e,
  plxContinuous: 0x2a5f,
  bloodPressureMeasurement: 0x2a35,
  modelNumberString: 0x2a24,
} as const;

/** The Bluetooth Base UUID after the 16-bit part: every SIG-assigned number lives in it. */
const BASE_UUID_SUFFIX = '-0000-1000-8000-00805f9b34fb';
const FULL_UUID = /^0000([0-9a-f]{4})-0000-1000-8000-00805f9b34fb$/;
const SHORT_UUID = /^(?:0x)?([0-9a-f]{1,4})$/;

/**
 * The full 128-bit UUID of a 16-bit SIG-assigned number, lower case, as Web Bluetooth and CDP
 * report it: `gattUuid(0x180d)` → `'0000180d-0000-1000-8000-00805f9b34fb'`.
 * @param short a 16-bit assigned number, 0x0000–0xFFFF
 */
export function gattUuid(short: number): string {
  if (!Number.isInteger(short) || short < 0 || short > 0xffff) {
    throw new RangeError(`A 16-bit GATT UUID is 0x0000–0xFFFF, not ${short}`);
  }
  return `0000${short.toString(16).padStart(4, '0')}${BASE_UUID_SUFFIX}`;
}

/**
 * The 16-bit assigned number of a UUID given either way: a number, `'0x2a37'`, `'2A37'` or the full
 * `'00002a37-0000-1000-8000-00805f9b34fb'` (any case). Null when it is not a 16-bit UUID of the
 * Bluetooth Base (a vendor's own 128-bit UUID), since no SIG format applies to it.
 */
export function parseGattUuid(uuid: number | string): number | null {
  if (typeof uuid === 'number') {
    return Number.isInteger(uuid) && uuid >= 0 && uuid <= 0xffff ? uuid : null;
  }
  const text = uuid.trim().toLowerCase();
  const match = FULL_UUID.exec(text) ?? SHORT_UUID.exec(text);
  return match ? Number.parseInt(match[1]!, 16) : null;
}

/** `0x2a37` style, for messages. */
export function formatShortUuid(short: number): string {
  return `0x${short.toString(16).padStart(4, '0')}`;
}
