import { type BridgeAdapterState, type BridgeDevice, type BridgeEvent, GATT_VITAL_KEYS } from '@vigil/domain';

/** What the bridge has told this page so far: its devices, whether it scans, its adapter. */
export interface BridgeView {
  /** In the order the bridge first reported them. */
  devices: readonly BridgeDevice[];
  scanning: boolean;
  /** Null until the bridge's first scanStatus. */
  adapterState: BridgeAdapterState | null;
  /** The bridge runs its simulation: every device is virtual. */
  simulation: boolean;
}

export const EMPTY_BRIDGE_VIEW: BridgeView = {
  devices: [],
  scanning: false,
  adapterState: null,
  simulation: false,
};

function upsert(devices: readonly BridgeDevice[], device: BridgeDevice): BridgeDevice[] {
  const index = devices.findIndex((d) => d.id === device.id);
  if (index < 0) return [...devices, device];
  const next = devices.slice();
  next[index] = device;
  return next;
}

function patch(
  view: BridgeView,
  deviceId: string,
  change: (device: BridgeDevice) => BridgeDevice,
): BridgeView {
  const index = view.devices.findIndex((d) => d.id === deviceId);
  // A value for a device the page was never told about: the next deviceList brings it.
  if (index < 0) return view;
  const devices = view.devices.slice();
  devices[index] = change(devices[index]!);
  return { ...view, devices };
}

/** The view after one event from the bridge. Pure; `error` events change nothing here (they toast). */
export function applyBridgeEvent(view: BridgeView, event: BridgeEvent): BridgeView {
  switch (event.type) {
    case 'deviceList':
      return { ...view, devices: event.devices };
    case 'deviceFound':
    case 'deviceConnected':
    case 'deviceUpdated':
    case 'deviceDisconnected':
      return { ...view, devices: upsert(view.devices, event.device) };
    case 'heartRateUpdate':
      return patch(view, event.deviceId, (d) => ({
        ...d,
        heartRate: event.heartRate,
        lastUpdated: event.readingTime,
        stale: false,
      }));
    case 'batteryUpdate':
      return patch(view, event.deviceId, (d) => ({
        ...d,
        batteryLevel: event.batteryLevel,
        lastUpdated: event.readingTime,
      }));
    case 'vitalsUpdate':
      return patch(view, event.deviceId, (d) => ({
        ...d,
        // Each vital a device can carry (its catalogue row names a characteristic): the new value, or the last.
        ...Object.fromEntries(GATT_VITAL_KEYS.map((key) => [key, event[key] ?? d[key]])),
        lastUpdated: event.readingTime,
        stale: false,
      }));
    case 'scanStatus':
      return {
        ...view,
        scanning: event.scanning,
        adapterState: event.adapterState,
        simulation: event.simulation,
      };
    case 'error':
      return view;
  }
}
