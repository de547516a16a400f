import { BRIDGE_PROTOCOL, type BridgeDevice, type BridgeEvent, NO_DEVICE_VITALS } from '@vigil/domain';
import type { BridgeSocket } from './bridge-client.ts';

/** A device as the bridge reports it, for the unit tests (never imported by the app). */
export function bridgeDevice(overrides: Partial<BridgeDevice> = {}): BridgeDevice {
  return {
    id: 'sim-hr-0001',
    name: 'Simulated Heart Rate Monitor',
    connected: false,
    ...NO_DEVICE_VITALS,
    batteryLevel: null,
    lastUpdated: null,
    simulated: true,
    connectionState: 'disconnected',
    wanted: false,
    stale: false,
    rssi: -60,
    model: null,
    patientId: null,
    sync: null,
    ...overrides,
  };
}

/** A socket the test opens, feeds and closes by hand, as the browser would. */
export class FakeSocket implements BridgeSocket {
  protocol = '';
  readyState = 0;
  onopen: BridgeSocket['onopen'] = null;
  onmessage: BridgeSocket['onmessage'] = null;
  onclose: BridgeSocket['onclose'] = null;
  onerror: BridgeSocket['onerror'] = null;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // What the bridge / the browser does:
  accept(protocol = BRIDGE_PROTOCOL) {
    this.protocol = protocol;
    this.readyState = 1;
    this.onopen?.({});
  }
  emit(event: BridgeEvent | string) {
    this.onmessage?.({ data: typeof event === 'string' ? event : JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code, reason: '' });
  }
}
