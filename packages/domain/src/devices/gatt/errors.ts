/**
 * A characteristic value that does not match its GATT format: too short for what its flags announce,
 * a field out of its range, or bytes no field accounts for. Decoders throw it instead of returning a
 * number they cannot vouch for, so a garbled frame can never become a vital sign.
 */
export class GattDecodeError extends Error {
  override readonly name = 'GattDecodeError';

  readonly characteristic: string;

  /**
   * @param characteristic the characteristic's name as the GATT specification spells it
   * @param detail what is wrong, e.g. "2 bytes, but flags say a 16-bit value needs 3"
   */
  constructor(characteristic: string, detail: string) {
    super(`${characteristic}: ${detail}`);
    this.characteristic = characteristic;
  }
}
