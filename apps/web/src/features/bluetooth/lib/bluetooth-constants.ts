import { GATT_CHARACTERISTICS as C, DEVICE_LINK_HEARTBEAT_MS, GATT_SERVICES as S } from '@vigil/domain';

/**
 * Spec point 7 "Browser Bluetooth": the chooser lists devices with the Heart Rate service or a name
 * starting Heart, health, Health or Pulse. Every other service Vigil reads must be named in
 * `optionalServices`, or Chromium refuses GATT access to it.
 */
export const DEVICE_FILTERS: BluetoothLEScanFilter[] = [
  { services: [S.heartRate] },
  { namePrefix: 'Heart' },
  { namePrefix: 'health' },
  { namePrefix: 'Health' },
  { namePrefix: 'Pulse' },
];

export const OPTIONAL_SERVICES: number[] = [
  S.heartRate,
  S.battery,
  S.healthThermometer,
  S.deviceInformation,
  S.pulseOximeter,
  S.bloodPressure,
];

/** The characteristics read from each service (all decoded by @vigil/domain). */
export const SERVICE_CHARACTERISTICS: readonly {
  service: number;
  name: string;
  characteristics: number[];
}[] = [
  { service: S.heartRate, name: 'Heart Rate', characteristics: [C.heartRateMeasurement] },
  { service: S.battery, name: 'Battery', characteristics: [C.batteryLevel] },
  { service: S.healthThermometer, name: 'Health Thermometer', characteristics: [C.temperatureMeasurement] },
  { service: S.pulseOximeter, name: 'Pulse Oximeter', characteristics: [C.plxContinuous, C.plxSpotCheck] },
  { service: S.bloodPressure, name: 'Blood Pressure', characteristics: [C.bloodPressureMeasurement] },
  { service: S.deviceInformation, name: 'Device Information', characteristics: [C.modelNumberString] },
];

/** Spec point 9: GATT connect, 3 attempts, waiting 1 s then 2 s. */
export const GATT_CONNECT_WAITS_MS = [1_000, 2_000] as const;
/** One connect attempt that neither succeeds nor fails within this long counts as timed out. */
export const GATT_CONNECT_TIMEOUT_MS = 15_000;
/** After a drop, reconnect attempts wait this long each; then the device is given up. */
export const RECONNECT_WAITS_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const;
/**
 * Characteristics are read this often besides their notifications: some devices only allow reads,
 * and a notification lost in a drop is then caught up.
 */
export const POLL_INTERVAL_MS = 5_000;
/** Values from several characteristics within this long are one reading (one measurement round). */
export const MERGE_WINDOW_MS = 1_000;

/** The name a demo device carries: "Simulation" in it marks it simulated on every screen (spec point 2). */
export const DEMO_DEVICE_NAME = 'Demo Device (Simulation)';

/**
 * Spec point 9, "Connection status poll": every 10 s this browser checks that the server still links
 * each device it holds (another nurse may have disconnected it from their screen). The check is the
 * link's heartbeat, which also tells every other screen this browser still holds the device.
 */
export const LINK_CHECK_INTERVAL_MS = DEVICE_LINK_HEARTBEAT_MS;
