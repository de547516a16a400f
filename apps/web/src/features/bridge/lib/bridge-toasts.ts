import type { BridgeDevice, BridgeEvent } from '@vigil/domain';
import type { BridgeNotice } from './bridge-client.ts';
import { deviceName } from './device-display.ts';
import { BRIDGE_MAX_RECONNECTS } from './reconnect-policy.ts';

export interface ToastSink {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
}

export const SCANNING_STARTED = 'Scanning for WHOOP and other health devices...';

interface PendingSync {
  patientId: number;
  patientName: string;
}

/** Spec point 8: the toasts of the bridge, for what this page asked for and what the bridge reported. */
export class BridgeToasts {
  constructor(private readonly toast: ToastSink) {}

  scanRequested = false;
  readonly connectRequested = new Set<string>();
  readonly disconnectRequested = new Set<string>();
  readonly syncRequested = new Map<string, PendingSync>();

  onNotice(notice: BridgeNotice): void {
    switch (notice.kind) {
      case 'connected':
        this.toast.success(
          'Bridge Connected',
          notice.reconnected
            ? 'Reconnected to the Health Device Bridge.'
            : 'Connected to the Health Device Bridge.',
        );
        return;
      case 'connectFailed':
        this.toast.error('Connection Failed', notice.message);
        return;
      case 'lost':
        this.clear();
        this.toast.error(
          'Connection Failed',
          `Lost the bridge server and ${BRIDGE_MAX_RECONNECTS} attempts to reconnect failed. Check that the bridge is running, then connect again.`,
        );
        return;
      case 'invalidMessage':
        // Ignored by design (the schema refused it); worth a trace for whoever runs the bridge.
        console.warn(`Bridge message ignored: ${notice.message}`);
        return;
      case 'event':
        this.onEvent(notice.event);
        return;
    }
  }

  private onEvent(event: BridgeEvent): void {
    switch (event.type) {
      case 'scanStatus':
        if (event.scanning && this.scanRequested) {
          this.scanRequested = false;
          this.toast.success('Scanning Started', SCANNING_STARTED);
        }
        return;
      case 'deviceConnected':
        if (this.connectRequested.delete(event.device.id)) {
          this.toast.success('Device Connected', `${deviceName(event.device)} is connected to the bridge.`);
        }
        return;
      case 'deviceDisconnected':
        this.connectRequested.delete(event.device.id);
        this.syncRequested.delete(event.device.id);
        if (this.disconnectRequested.delete(event.device.id)) {
          this.toast.success(
            'Device Disconnected',
            event.device.patientId
              ? `Successfully disconnected device for patient ID ${event.device.patientId}`
              : `Successfully disconnected ${deviceName(event.device)}`,
          );
        }
        return;
      case 'deviceUpdated':
        this.onDeviceUpdated(event.device);
        return;
      case 'error':
        if (event.deviceId) {
          this.connectRequested.delete(event.deviceId);
          this.disconnectRequested.delete(event.deviceId);
          this.syncRequested.delete(event.deviceId);
        }
        if (event.code === 'ADAPTER_UNAVAILABLE' || event.code === 'SCAN_FAILED') this.scanRequested = false;
        this.toast.error('Bridge Error', event.message);
        return;
      default:
        return;
    }
  }

  private onDeviceUpdated(device: BridgeDevice): void {
    const pending = this.syncRequested.get(device.id);
    if (!pending || device.patientId !== pending.patientId) return;
    this.syncRequested.delete(device.id);
    this.toast.success(
      'Success',
      `Readings from ${deviceName(device)} now go to ${pending.patientName}'s record.`,
    );
  }

  clear(): void {
    this.scanRequested = false;
    this.connectRequested.clear();
    this.disconnectRequested.clear();
    this.syncRequested.clear();
  }
}
