import type { BridgeErrorCode } from '@vigil/domain';

/** An action the bridge cannot carry out; answered to the page that sent it as an `error` event. */
export class BridgeActionError extends Error {
  readonly code: BridgeErrorCode;
  readonly deviceId?: string;

  constructor(code: BridgeErrorCode, message: string, deviceId?: string) {
    super(message);
    this.name = 'BridgeActionError';
    this.code = code;
    this.deviceId = deviceId;
  }
}
