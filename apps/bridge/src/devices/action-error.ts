import type { BridgeErrorCode } from '@vigil/domain';

/** An action the bridge cannot carry out; answered to the page that sent it as an `error` event. */
export class BridgeActionError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly deviceId?: string,
  ) {
    super(message);
    this.name = 'BridgeActionError';
  }
}
