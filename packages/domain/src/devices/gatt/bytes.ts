import {
  encodeGattDateTime,
  GATT_DATE_TIME_BYTES,
  type GattDateTime,
  readGattDateTime,
} from './date-time.ts';
import { GattDecodeError } from './errors.ts';
import { decodeFloat, decodeSfloat, encodeFloat, encodeSfloat } from './ieee11073.ts';

const plural = (n: number) => `${n} ${n === 1 ? 'byte' : 'bytes'}`;

/**
 * Reads a characteristic value field by field, little-endian. Each read names its field, so a short
 * buffer fails with the first field that does not fit, e.g. "2 bytes, but flags say a 16-bit value
 * needs 3". Internal to the decoders.
 */
export class GattReader {
  #offset = 0;
  readonly characteristic: string;
  private readonly bytes: Uint8Array;

  constructor(characteristic: string, bytes: Uint8Array) {
    this.characteristic = characteristic;
    this.bytes = bytes;
  }

  get remaining(): number {
    return this.bytes.length - this.#offset;
  }

  /** Throws a GattDecodeError for this characteristic. */
  fail(detail: string): never {
    throw new GattDecodeError(this.characteristic, detail);
  }

  /**
   * @param field what the bytes are, as a message names them ("the flags", "a 16-bit value")
   * @param isAnnounced true when a flag bit put the field there (the message then blames the flags)
   */
  private take(size: number, field: string, isAnnounced: boolean): number {
    const at = this.#offset;
    const end = at + size;
    if (end > this.bytes.length) {
      this.fail(`${plural(this.bytes.length)}, but ${isAnnounced ? 'flags say ' : ''}${field} needs ${end}`);
    }
    this.#offset = end;
    return at;
  }

  u8(field: string, isAnnounced = false): number {
    return this.bytes[this.take(1, field, isAnnounced)]!;
  }

  u16(field: string, isAnnounced = false): number {
    const at = this.take(2, field, isAnnounced);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8);
  }

  u24(field: string, isAnnounced = false): number {
    const at = this.take(3, field, isAnnounced);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8) | (this.bytes[at + 2]! << 16);
  }

  u32(field: string, isAnnounced = false): number {
    const at = this.take(4, field, isAnnounced);
    return (
      (this.bytes[at]! |
        (this.bytes[at + 1]! << 8) |
        (this.bytes[at + 2]! << 16) |
        (this.bytes[at + 3]! << 24)) >>>
      0
    );
  }

  sfloat(field: string, isAnnounced = false): number | null {
    return decodeSfloat(this.u16(field, isAnnounced));
  }

  float(field: string, isAnnounced = false): number | null {
    return decodeFloat(this.u32(field, isAnnounced));
  }

  dateTime(field: string, isAnnounced = false): GattDateTime {
    return readGattDateTime(
      this.characteristic,
      this.bytes,
      this.take(GATT_DATE_TIME_BYTES, field, isAnnounced),
    );
  }

  /**
   * Ends the value. Bytes left over are an error (a wrong flag or a garbled frame) unless a flag bit
   * the specification reserves for future use is set: a later version of the format announces its
   * appended fields that way, and the fields read so far are still right.
   * @param hasFlags false for a format without a flags byte (the message then blames the format)
   */
  end(hasReservedFlags: boolean, hasFlags = true): void {
    if (this.remaining > 0 && !hasReservedFlags) {
      this.fail(
        `${plural(this.bytes.length)}, but the ${hasFlags ? 'flags account' : 'format accounts'} for ` +
          `${this.#offset}; ${plural(this.remaining)} left over`,
      );
    }
  }
}

/** Builds a characteristic value field by field, little-endian. Internal to the encoders. */
export class GattWriter {
  readonly #bytes: number[] = [];

  u8(value: number, field: string): this {
    return this.int(value, 1, field);
  }

  u16(value: number, field: string): this {
    return this.int(value, 2, field);
  }

  u24(value: number, field: string): this {
    return this.int(value, 3, field);
  }

  u32(value: number, field: string): this {
    return this.int(value, 4, field);
  }

  sfloat(value: number | null): this {
    return this.int(encodeSfloat(value), 2, 'SFLOAT');
  }

  float(value: number | null): this {
    return this.int(encodeFloat(value), 4, 'FLOAT');
  }

  dateTime(value: GattDateTime): this {
    this.#bytes.push(...encodeGattDateTime(value));
    return this;
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }

  private int(value: number, size: number, field: string): this {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** (8 * size)) {
      throw new RangeError(`${field} must be a whole number 0–${2 ** (8 * size) - 1}, not ${value}`);
    }
    for (let i = 0; i < size; i++) this.#bytes.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
    return this;
  }
}
