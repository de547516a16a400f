/**
 * Where a reading came from, as its `connectionType` says. The spec names "Bluetooth" and the
 * wearable provider's "WHOOP API" (docs/reference/product-spec.md point 3, "Vital watch data");
 * the rest are ours. A simulated reading always says so, and its device name carries "Simulation".
 */
export const CONNECTION_TYPES = {
  manual: 'Manual',
  bluetooth: 'Bluetooth',
  bridge: 'Bridge',
  whoop: 'WHOOP API',
  simulation: 'Simulation',
} as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[keyof typeof CONNECTION_TYPES];

export type ReadingSource = keyof typeof CONNECTION_TYPES | 'unknown';

/**
 * The source of a reading from its connection type and device name, case-insensitively (readings
 * stored before these names were fixed said "manual" and "bluetooth"). A device name containing
 * "Demo" or "Simulation" marks a simulated device (spec point 2, the monitor card's badge), whatever
 * its connection type claims.
 */
export function readingSource(reading: {
  connectionType?: string | null;
  deviceName?: string | null;
}): ReadingSource {
  if (isSimulatedDevice(reading.deviceName)) return 'simulation';
  const type = reading.connectionType?.trim().toLowerCase();
  for (const [source, name] of Object.entries(CONNECTION_TYPES)) {
    if (type === name.toLowerCase() || type === source) return source as ReadingSource;
  }
  return 'unknown';
}

/** Spec point 2: "Simulation Mode" if the device name contains Demo or Simulation. */
export function isSimulatedDevice(deviceName: string | null | undefined): boolean {
  return /demo|simulat/i.test(deviceName ?? '');
}

/** How a reading source is named on screen. */
export const READING_SOURCE_LABELS: Record<ReadingSource, string> = {
  manual: 'Ward observations',
  bluetooth: 'Bluetooth device',
  bridge: 'Health Device Bridge',
  whoop: 'WHOOP',
  simulation: 'Simulation Mode',
  unknown: 'Unknown source',
};

/** What a server that does not accept simulation answers a simulated device or reading. */
export const SIMULATION_REFUSED_MESSAGE =
  'This server does not accept simulated devices or readings (ACCEPT_SIMULATED_READINGS is off); connect a real device';
