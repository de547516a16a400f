import { z } from 'zod';
import { DEVICE_VITAL_SIGNS, type DeviceVitalKey } from '../vitals/catalogue.ts';

/**
 * The Health Device Bridge WebSocket protocol (spec point 7, "Bridge WebSocket"): actions a Vigil
 * page sends to the local bridge and events the bridge sends back. Both sides parse every message
 * with these schemas; every message is one JSON object with a `type`.
 */

/** Subprotocol the bridge selects; a page offers it together with `vigil-pair.<pairing token>`. */
export const BRIDGE_PROTOCOL = 'vigil-bridge.v1';
/** Prefix of the subprotocol that carries the pairing token (the one thing a browser can attach). */
export const BRIDGE_PAIRING_PROTOCOL_PREFIX = 'vigil-pair.';
export const BRIDGE_DEFAULT_PORT = 8765;
/** Largest message either side sends; the bridge closes a connection that sends more (1009). */
export const BRIDGE_MAX_MESSAGE_BYTES = 64 * 1024;

/** The subprotocols a page passes to `new WebSocket(url, protocols)`. */
export function bridgeSubprotocols(pairingToken: string): string[] {
  return [BRIDGE_PROTOCOL, `${BRIDGE_PAIRING_PROTOCOL_PREFIX}${pairingToken}`];
}

export const ADAPTER_STATES = ['poweredOn', 'poweredOff', 'unsupported', 'unauthorized', 'unknown'] as const;
export const BridgeAdapterState = z.enum(ADAPTER_STATES);
export type BridgeAdapterState = z.infer<typeof BridgeAdapterState>;

const isoTime = z.iso.datetime({ offset: true });

/** BLE peripheral ids (hex on Linux, UUIDs on macOS) and the bridge's own simulated ids. */
export const BridgeDeviceId = z
  .string('deviceId must be the id of a device from the device list')
  .min(1, 'deviceId must not be empty')
  .max(200, 'deviceId must be at most 200 characters')
  .regex(/^[A-Za-z0-9:._-]+$/, 'deviceId must be the id of a device from the device list');

export const BRIDGE_CONNECTION_STATES = ['disconnected', 'connecting', 'connected', 'reconnecting'] as const;

export const BRIDGE_SYNC_STATUSES = [
  /** Linked; nothing waiting. */
  'idle',
  /** Readings waiting or a batch on its way. */
  'uploading',
  /** The last attempt failed for a reason that passes (server down, 5xx, 429); retrying with backoff. */
  'retrying',
  /** The device token was refused (revoked or expired): Sync Data to Cloud again with a new one. */
  'paused',
] as const;

/** Where a device's readings go and how far the upload has come. */
export const BridgeSyncState = z.object({
  patientId: z.number().int().positive(),
  status: z.enum(BRIDGE_SYNC_STATUSES),
  /** Readings stored on the bridge and not yet acknowledged by Vigil. */
  pendingReadings: z.number().int().min(0),
  /** Readings Vigil acknowledged since the bridge started. */
  uploadedReadings: z.number().int().min(0),
  /** Readings set aside (dead letter) because Vigil refused them for good. */
  rejectedReadings: z.number().int().min(0),
  lastUploadAt: isoTime.nullable(),
  lastError: z.string().nullable(),
});
export type BridgeSyncState = z.infer<typeof BridgeSyncState>;

/** Each vital sign a device measures (catalogue rows with GATT characteristics), a whole number, as `wrap` makes it. */
function deviceVitals<S extends z.ZodType>(wrap: (value: z.ZodNumber) => S) {
  return Object.fromEntries(
    DEVICE_VITAL_SIGNS.map((v) => [v.readingField, wrap(z.number().int())]),
  ) as Record<DeviceVitalKey, S>;
}

/** A device's vital values when it has none (never connected, dropped, stale). */
export const NO_DEVICE_VITALS = Object.freeze(
  Object.fromEntries(DEVICE_VITAL_SIGNS.map((v) => [v.readingField, null])) as Record<DeviceVitalKey, null>,
);

/**
 * A device as the bridge sees it (spec point 3 "Bridge device" plus what a person needs to trust
 * the numbers). Vital values are null when there is none: never connected, dropped, or stale.
 */
export const BridgeDevice = z.object({
  id: BridgeDeviceId,
  name: z.string().nullable(),
  connected: z.boolean(),
  /** Percent 0–100. */
  batteryLevel: z.number().int().min(0).max(100).nullable(),
  /** When the bridge last received a value from the device. */
  lastUpdated: isoTime.nullable(),
  /** A virtual device of the bridge's simulation mode, never a real patient's sensor. */
  simulated: z.boolean(),
  connectionState: z.enum(BRIDGE_CONNECTION_STATES),
  /** The person asked for this device to be connected (the bridge reconnects only then). */
  wanted: z.boolean(),
  /** Connected but silent for longer than its usual cadence: its values are not current. */
  stale: z.boolean(),
  rssi: z.number().int().nullable(),
  /** Device Information Model Number String (0x2A24), when the device has one. */
  model: z.string().nullable(),
  /** Each vital a device measures, in its catalogue unit (tenths of °F for the temperature); null: none. */
  ...deviceVitals((value) => value.nullable()),
  /** Patient the device's readings are sent to ("Sync Data to Cloud"), if linked. */
  patientId: z.number().int().positive().nullable(),
  sync: BridgeSyncState.nullable(),
});
export type BridgeDevice = z.infer<typeof BridgeDevice>;

// ── Actions (page → bridge) ─────────────────────────────────────────────────────────────────────

const deviceToken = z
  .string('deviceToken must be a device token (vgl_dev_…) from POST /api/device-tokens')
  .regex(
    /^vgl_dev_[A-Za-z0-9_-]{16,200}$/,
    'deviceToken must be a device token (vgl_dev_…) from POST /api/device-tokens',
  );

export const BridgeStartScanAction = z.object({ type: z.literal('startScan') });
export const BridgeStopScanAction = z.object({ type: z.literal('stopScan') });
export const BridgeConnectAction = z.object({ type: z.literal('connect'), deviceId: BridgeDeviceId });
export const BridgeDisconnectAction = z.object({ type: z.literal('disconnect'), deviceId: BridgeDeviceId });
export const BridgeSendToCloudAction = z.object({
  type: z.literal('sendToCloud'),
  deviceId: BridgeDeviceId,
  /** Must be the configured Vigil server's /api/device-readings: a page cannot redirect readings. */
  endpoint: z.url({ error: 'endpoint must be the URL of /api/device-readings on the Vigil server' }),
  patientId: z
    .number('patientId must be a patient id (a positive whole number)')
    .int('patientId must be a whole number')
    .positive('patientId must be a positive whole number'),
  deviceToken,
  /**
   * Added to the spec's fields: the token's `expiresAt` from POST /api/device-tokens, so the bridge
   * rotates it before it expires. Without it the bridge rotates at once to learn the expiry.
   */
  deviceTokenExpiresAt: isoTime.optional(),
});
export type BridgeSendToCloudAction = z.infer<typeof BridgeSendToCloudAction>;

export const BRIDGE_ACTION_TYPES = ['startScan', 'stopScan', 'connect', 'disconnect', 'sendToCloud'] as const;
export const BridgeAction = z.discriminatedUnion('type', [
  BridgeStartScanAction,
  BridgeStopScanAction,
  BridgeConnectAction,
  BridgeDisconnectAction,
  BridgeSendToCloudAction,
]);
export type BridgeAction = z.infer<typeof BridgeAction>;

// ── Events (bridge → page) ──────────────────────────────────────────────────────────────────────

export const BRIDGE_ERROR_CODES = [
  'INVALID_MESSAGE',
  'UNKNOWN_ACTION',
  'ADAPTER_UNAVAILABLE',
  'SCAN_FAILED',
  'UNKNOWN_DEVICE',
  'CONNECT_FAILED',
  'DEVICE_NOT_CONNECTED',
  'ENDPOINT_NOT_ALLOWED',
  'STORAGE_FAILED',
  'UPLOAD_REJECTED',
  'TOKEN_REFUSED',
  'TOKEN_ROTATION_FAILED',
  'INTERNAL',
] as const;
export const BridgeErrorCode = z.enum(BRIDGE_ERROR_CODES);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCode>;

export const BridgeDeviceListEvent = z.object({
  type: z.literal('deviceList'),
  devices: z.array(BridgeDevice),
});
export const BridgeDeviceFoundEvent = z.object({ type: z.literal('deviceFound'), device: BridgeDevice });
export const BridgeDeviceConnectedEvent = z.object({
  type: z.literal('deviceConnected'),
  device: BridgeDevice,
});
export const BridgeDeviceDisconnectedEvent = z.object({
  type: z.literal('deviceDisconnected'),
  /** With every value cleared: after a drop there is no current value. */
  device: BridgeDevice,
  reason: z.string().nullable(),
  /** The device is still wanted and the bridge is trying to reconnect. */
  reconnecting: z.boolean(),
});
export const BridgeHeartRateUpdateEvent = z.object({
  type: z.literal('heartRateUpdate'),
  deviceId: BridgeDeviceId,
  heartRate: z.number().int(),
  /** RR intervals, when the device sends them (heart-rate variability). */
  rrIntervalsMs: z.array(z.number()).optional(),
  readingTime: isoTime,
  simulated: z.boolean(),
});
export const BridgeBatteryUpdateEvent = z.object({
  type: z.literal('batteryUpdate'),
  deviceId: BridgeDeviceId,
  batteryLevel: z.number().int().min(0).max(100),
  readingTime: isoTime,
  simulated: z.boolean(),
});
export const BridgeScanStatusEvent = z.object({
  type: z.literal('scanStatus'),
  scanning: z.boolean(),
  adapterState: BridgeAdapterState,
  /** Simulation mode: every device offered is virtual. */
  simulation: z.boolean(),
});
export const BridgeErrorEvent = z.object({
  type: z.literal('error'),
  /** What happened and what to do about it, for a person. */
  message: z.string(),
  code: BridgeErrorCode,
  deviceId: BridgeDeviceId.optional(),
});
/**
 * Added to the spec's events: a thermometer, pulse oximeter or blood-pressure cuff measures more
 * than heart rate and battery, and those values need a way to the page too.
 */
export const BridgeVitalsUpdateEvent = z.object({
  type: z.literal('vitalsUpdate'),
  deviceId: BridgeDeviceId,
  readingTime: isoTime,
  simulated: z.boolean(),
  /** The values measured, each in its catalogue unit (tenths of °F for the temperature). */
  ...deviceVitals((value) => value.optional()),
});
/**
 * Added to the spec's events: a device changed without connecting or disconnecting (it went stale,
 * was linked to a patient, or its upload progressed or failed), so the card and the "Syncing to
 * Cloud" / "Success" toasts have something to show.
 */
export const BridgeDeviceUpdatedEvent = z.object({ type: z.literal('deviceUpdated'), device: BridgeDevice });

export const BRIDGE_EVENT_TYPES = [
  'deviceList',
  'deviceFound',
  'deviceConnected',
  'deviceDisconnected',
  'deviceUpdated',
  'heartRateUpdate',
  'batteryUpdate',
  'vitalsUpdate',
  'scanStatus',
  'error',
] as const;
export const BridgeEvent = z.discriminatedUnion('type', [
  BridgeDeviceListEvent,
  BridgeDeviceFoundEvent,
  BridgeDeviceConnectedEvent,
  BridgeDeviceDisconnectedEvent,
  BridgeDeviceUpdatedEvent,
  BridgeHeartRateUpdateEvent,
  BridgeBatteryUpdateEvent,
  BridgeVitalsUpdateEvent,
  BridgeScanStatusEvent,
  BridgeErrorEvent,
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;
export type BridgeErrorEvent = z.infer<typeof BridgeErrorEvent>;
