import type { BridgeNotice } from './bridge-client.ts';

/** A "Sync Data to Cloud" this page asked for, until the bridge confirms the patient. */
export interface PendingSync {
  patientId: number;
  patientName: string;
}

/**
 * What this page asked the bridge for and has not heard back about: the bridge tells every page what
 * happens, and only the page that asked says so in a toast. Immutable; `useBridge` keeps the current
 * one, and the toasts (bridge-toasts.ts) only read it.
 */
export interface BridgeRequests {
  scan: boolean;
  connect: ReadonlySet<string>;
  disconnect: ReadonlySet<string>;
  sync: ReadonlyMap<string, PendingSync>;
}

export const NO_BRIDGE_REQUESTS: BridgeRequests = {
  scan: false,
  connect: new Set(),
  disconnect: new Set(),
  sync: new Map(),
};

export type BridgeRequest =
  | { kind: 'scan' }
  | { kind: 'connect'; deviceId: string }
  | { kind: 'disconnect'; deviceId: string }
  | { kind: 'sync'; deviceId: string; pending: PendingSync };

const adding = <T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> => new Set(set).add(value);
function removing<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  if (!set.has(value)) return set;
  const next = new Set(set);
  next.delete(value);
  return next;
}
function removingEntry<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}

/** The requests once this page has asked for one more. */
export function withRequest(requests: BridgeRequests, request: BridgeRequest): BridgeRequests {
  switch (request.kind) {
    case 'scan':
      return { ...requests, scan: true };
    case 'connect':
      return { ...requests, connect: adding(requests.connect, request.deviceId) };
    case 'disconnect':
      return { ...requests, disconnect: adding(requests.disconnect, request.deviceId) };
    case 'sync':
      return { ...requests, sync: new Map(requests.sync).set(request.deviceId, request.pending) };
  }
}

/** Settles what this page asked of one device. */
const withoutDevice = (requests: BridgeRequests, deviceId: string): BridgeRequests => ({
  ...requests,
  connect: removing(requests.connect, deviceId),
  disconnect: removing(requests.disconnect, deviceId),
  sync: removingEntry(requests.sync, deviceId),
});

/** The requests after the bridge's notice: those it answered, or made pointless, are settled. */
export function afterNotice(requests: BridgeRequests, notice: BridgeNotice): BridgeRequests {
  if (notice.kind === 'lost') return NO_BRIDGE_REQUESTS;
  if (notice.kind !== 'event') return requests;
  const { event } = notice;
  switch (event.type) {
    case 'scanStatus':
      return event.scanning ? { ...requests, scan: false } : requests;
    case 'deviceConnected':
      return { ...requests, connect: removing(requests.connect, event.device.id) };
    case 'deviceDisconnected':
      return withoutDevice(requests, event.device.id);
    case 'deviceUpdated': {
      const pending = requests.sync.get(event.device.id);
      return pending && event.device.patientId === pending.patientId
        ? { ...requests, sync: removingEntry(requests.sync, event.device.id) }
        : requests;
    }
    case 'error': {
      const settled = event.deviceId ? withoutDevice(requests, event.deviceId) : requests;
      return event.code === 'ADAPTER_UNAVAILABLE' || event.code === 'SCAN_FAILED'
        ? { ...settled, scan: false }
        : settled;
    }
    default:
      return requests;
  }
}
