import { z } from 'zod';
import { CONNECTION_TYPES } from '../devices/sources.ts';

/**
 * Where a value comes from (docs/decisions/014-provenance.md; docs/reference/clinical.md, "Where a
 * value comes from"). Every stored reading carries one class, decided by the server from who sent it
 * and through which link, never from a device's name:
 * - `observation`: entered by a person (the observations form, an admission, a vitals edit);
 * - `device`: a medical-profile device linked to the patient (pulse oximeter, blood pressure cuff,
 *   thermometer, a heart-rate monitor while it streams), through a browser or the bridge;
 * - `wearable-summary`: a value describing a past window (WHOOP's recovery: resting heart rate and
 *   SpO2 measured during last night's sleep);
 * - `simulation`: a labelled simulated device ("Use Demo Device", the bridge's `--simulate`);
 * - `demo`: the demo ward's seeded data.
 */
export const READING_PROVENANCES = [
  'observation',
  'device',
  'wearable-summary',
  'simulation',
  'demo',
] as const;
export const ReadingProvenance = z.enum(READING_PROVENANCES);
export type ReadingProvenance = z.infer<typeof ReadingProvenance>;

/**
 * A stored reading's status (FHIR Observation.status, decision 029): `valid`, or `entered-in-error`
 * once a person found it wrong. An entered-in-error reading stays in the history and the audit
 * trail with who corrected it, but never counts again: not in NEWS2, the trend or the chart.
 */
export const READING_STATUSES = ['valid', 'entered-in-error'] as const;
export const ReadingStatus = z.enum(READING_STATUSES);
export type ReadingStatus = z.infer<typeof ReadingStatus>;

/** How each class is named beside a value on screen. */
export const PROVENANCE_LABELS: Record<ReadingProvenance, string> = {
  observation: 'Observation',
  device: 'Device',
  'wearable-summary': 'Wearable summary',
  simulation: 'Simulation',
  demo: 'Demo data',
};

/** How a patient created by the demo seed is named wherever it appears. */
export const DEMO_PATIENT_LABEL = 'Demo patient';

const SIMULATED: ReadonlySet<ReadingProvenance> = new Set(['simulation', 'demo']);

/** Whether a class is simulated or demo data (never a real patient's state). */
export function isSimulatedProvenance(provenance: ReadingProvenance): boolean {
  return SIMULATED.has(provenance);
}

/**
 * Whether a value of this class may be attached to the patient at all: simulated and demo values
 * only ever attach to demo patients; everything else attaches to anyone.
 */
export function mayAttachTo(provenance: ReadingProvenance, patient: { isDemo: boolean }): boolean {
  return !isSimulatedProvenance(provenance) || patient.isDemo;
}

/**
 * Whether a value of this class may stand as the patient's current value for its parameter (and so
 * enter NEWS2). A wearable's summary of a past window never does: it is context, not the patient
 * now. Simulated and demo values count only on a demo patient, whose whole state is a demonstration
 * and says so; they can never reach a real patient (refused at the door by {@link mayAttachTo}).
 */
export function countsAsCurrent(provenance: ReadingProvenance, patient: { isDemo: boolean }): boolean {
  if (provenance === 'wearable-summary') return false;
  return mayAttachTo(provenance, patient);
}

/** Who hands a reading to the ingest. */
export type ReadingSender =
  /** A signed-in person's browser: typed observations, or a device that browser holds. */
  | 'person'
  /** A device or the bridge with its device token. */
  | 'device-token'
  /** The server's own poll of a wearable provider's API (WHOOP). */
  | 'wearable-api'
  /** The demo seed. */
  | 'demo-seed';

/**
 * The class of a reading, decided by the server: by its sender, by the link its device is on
 * (`linkSimulated`: the device's active link is a simulated one; null when it has no active link),
 * and by the connection type it declares. A reading that names a simulated connection, or comes
 * from a device on a simulated link, is simulation whatever else it claims; one that claims the
 * wearable provider's API is a summary (only the server's poll sends those), so it can never count.
 */
export function classifyReading(reading: {
  sender: ReadingSender;
  deviceId?: string | null;
  connectionType?: string | null;
  linkSimulated?: boolean | null;
}): ReadingProvenance {
  if (reading.sender === 'demo-seed') return 'demo';
  if (reading.sender === 'wearable-api') return 'wearable-summary';
  const type = reading.connectionType?.trim().toLowerCase() ?? '';
  if (reading.linkSimulated || type === CONNECTION_TYPES.simulation.toLowerCase() || type === 'simulation') {
    return 'simulation';
  }
  if (type === CONNECTION_TYPES.whoop.toLowerCase()) return 'wearable-summary';
  if (reading.sender === 'device-token' || reading.deviceId) return 'device';
  return 'observation';
}

/** What the server answers a simulated device or reading aimed at a patient who is not a demo patient. */
export const SIMULATION_REAL_PATIENT_MESSAGE =
  'Simulated devices and readings are only for demo patients, and this is a real patient: connect a real device, or try the demo device on a patient marked "Demo patient"';

/** What the server answers a client that tries to set the device fields a patient derives from its links. */
export const DEVICE_FIELDS_READ_ONLY_MESSAGE =
  'hasVitalWatch, vitalWatchType and vitalWatchConnected follow the patient’s device links: connect or disconnect the device (POST or DELETE /api/device-links) instead';
