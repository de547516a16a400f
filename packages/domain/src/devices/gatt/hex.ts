/**
 * Bytes from hex as specifications and logs print them, e.g. `'1E 48 2C 01'` or `'1e482c01'`.
 * Spaces, colons and dashes between bytes are ignored.
 */
export function bytesFromHex(hex: string): Uint8Array {
  const digits = hex.replace(/[\s:-]/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) {
    throw new RangeError(`Not a whole number of hex bytes: "${hex}"`);
  }
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Upper-case hex bytes separated by spaces, the way docs/reference/devices.md prints them, e.g. `'00 48'`. */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}
