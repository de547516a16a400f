import { GattDecodeError } from './errors.ts';

const MODEL_NUMBER_STRING = 'Model Number String';

/** A decoded Model Number String (0x2A24). */
export interface ModelNumber {
  modelNumber: string;
}

// fatal: a byte sequence that is not UTF-8 is a garbled value, not a model with a U+FFFD in it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Decodes a Model Number String (0x2A24), UTF-8. GATT strings carry no terminator, but some devices
 * pad with NUL bytes; trailing NULs are dropped.
 * @throws GattDecodeError when the bytes are not UTF-8
 */
export function decodeModelNumberString(bytes: Uint8Array): ModelNumber {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  try {
    return { modelNumber: utf8.decode(bytes.subarray(0, end)) };
  } catch {
    throw new GattDecodeError(MODEL_NUMBER_STRING, `${bytes.length} bytes that are not UTF-8 text`);
  }
}

/** Encodes a Model Number String (0x2A24) as UTF-8. */
export function encodeModelNumberString(value: ModelNumber): Uint8Array {
  return new TextEncoder().encode(value.modelNumber);
}
