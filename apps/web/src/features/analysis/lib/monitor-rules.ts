import {
  computeNews2,
  type News2Band,
  news2InputFromVitals,
  type Patient,
  READING_SOURCE_LABELS,
  type ReadingSource,
  readingSource,
  type VitalPatientField,
  type VitalReading,
  type VitalsAnalysisInput,
  vitalsFromPatient,
} from '@vigil/domain';

/** Spec point 6: the special high-priority patient of the original product. */
export const HIGH_PRIORITY_PATIENT_ID = 41;

/** Spec point 9, "Analysis refresh": every 5 minutes; every minute for a high-priority patient. */
export const MONITOR_REFRESH_MS = 5 * 60_000;
export const HIGH_PRIORITY_REFRESH_MS = 60_000;

type PatientVitalFields = Pick<Patient, VitalPatientField | 'spo2Scale'>;

/** Where the monitored vitals come from: the source of the latest reading and its connection. */
export interface MonitorDevice {
  /** The device's name, or the source's ("Ward observations") when there is no device. */
  name: string;
  /** Percent, or null/undefined when the source reports none. */
  batteryLevel?: number | null;
  source: ReadingSource;
  /**
   * For a device source (Bluetooth, bridge, WHOOP): whether it is connected now, i.e. the record says
   * so or it sent a reading within DEVICE_LIVE_WITHIN_MS. Meaningless for manual observations.
   */
  isConnected: boolean;
}

/** A device that sent a reading this recently counts as connected, whatever the record says. */
export const DEVICE_LIVE_WITHIN_MS = 5 * 60_000;

/** The sources whose readings come from a device with a connection of its own. */
const DEVICE_SOURCES: ReadonlySet<ReadingSource> = new Set(['bluetooth', 'bridge', 'whoop']);

export function isDeviceSource(source: ReadingSource): boolean {
  return DEVICE_SOURCES.has(source);
}

/** The latest reading's fields the monitor needs. */
export type LatestReading = Pick<
  VitalReading,
  'deviceName' | 'connectionType' | 'batteryLevel' | 'readingTime'
>;

/**
 * The monitor's source: the latest reading's (its connection type and device name, as the domain
 * reads them), else the watch type on record ("WHOOP", "Bluetooth …"), else the ward's own
 * observations. A device source is connected when the record says so or it sent a reading lately.
 */
export function monitorDevice(
  patient: Pick<Patient, 'vitalWatchType' | 'vitalWatchConnected'>,
  latest: LatestReading | null | undefined,
  nowMs: number = Date.now(),
): MonitorDevice {
  if (latest) {
    const source = readingSource(latest);
    const isRecent = nowMs - Date.parse(latest.readingTime) <= DEVICE_LIVE_WITHIN_MS;
    return {
      name: latest.deviceName?.trim() || READING_SOURCE_LABELS[source],
      batteryLevel: latest.batteryLevel,
      source,
      isConnected: isDeviceSource(source) && (patient.vitalWatchConnected || isRecent),
    };
  }
  const watch = patient.vitalWatchType;
  if (watch) {
    const source = /whoop/i.test(watch)
      ? 'whoop'
      : /bluetooth/i.test(watch)
        ? 'bluetooth'
        : readingSource({ deviceName: watch, connectionType: watch });
    return { name: watch, batteryLevel: null, source, isConnected: patient.vitalWatchConnected };
  }
  return { name: READING_SOURCE_LABELS.manual, batteryLevel: null, source: 'manual', isConnected: false };
}

export type ConnectionTone = 'live' | 'simulation' | 'offline' | 'manual';

/**
 * The monitor card's connection badge. The spec's two labels stay for device sources: "Simulation
 * Mode" for a simulated device, "Real Device Connected" only for a real device that is connected.
 * A device that is not connected says so (a technical state, not a physiological alarm); readings
 * the ward typed in are "Manual observations", never a device.
 */
export function connectionBadge(device: MonitorDevice): { label: string; tone: ConnectionTone } {
  if (device.source === 'simulation') return { label: 'Simulation Mode', tone: 'simulation' };
  if (device.source === 'manual') return { label: 'Manual observations', tone: 'manual' };
  if (device.source === 'unknown') return { label: 'Source unknown', tone: 'offline' };
  return device.isConnected
    ? { label: 'Real Device Connected', tone: 'live' }
    : { label: 'Device not connected', tone: 'offline' };
}

/** NEWS2 band (RCP 2017) of the patient's recorded vitals. */
export function news2BandOf(patient: PatientVitalFields): News2Band {
  return computeNews2(news2InputFromVitals(vitalsFromPatient(patient), patient.spo2Scale)).band;
}

function isMediumOrHigh(band: News2Band): boolean {
  return band === 'medium' || band === 'high';
}

/**
 * The spec's special high-priority patient (point 6): id 41. (The spec's name marker is not shown,
 * so none is guessed.) Faster refresh and the footer note "High-priority patient".
 */
export function isHighPriorityPatient(patient: Pick<Patient, 'id'>): boolean {
  return patient.id === HIGH_PRIORITY_PATIENT_ID;
}

/** Why the monitor refreshes as often as it does. */
export type RefreshReason = 'high-priority' | 'news2' | 'standard';

/**
 * Every minute for the spec's special patient, and also for a patient whose NEWS2 band is medium or
 * high (RCP Chart 4 asks for at least hourly or continuous monitoring); else every 5 minutes.
 */
export function monitorRefresh(patient: PatientVitalFields & Pick<Patient, 'id'>): {
  ms: number;
  reason: RefreshReason;
} {
  if (isHighPriorityPatient(patient)) return { ms: HIGH_PRIORITY_REFRESH_MS, reason: 'high-priority' };
  if (isMediumOrHigh(news2BandOf(patient))) return { ms: HIGH_PRIORITY_REFRESH_MS, reason: 'news2' };
  return { ms: MONITOR_REFRESH_MS, reason: 'standard' };
}

export function monitorRefreshMs(patient: PatientVitalFields & Pick<Patient, 'id'>): number {
  return monitorRefresh(patient).ms;
}

/** The footer line naming the refresh for what it is. */
export function refreshNote(reason: RefreshReason, band: News2Band): string {
  switch (reason) {
    case 'high-priority':
      return 'High-priority patient: analysis refreshes every minute.';
    case 'news2':
      return `Refreshes every minute while NEWS2 is ${band === 'high' ? 'high' : 'medium'}.`;
    case 'standard':
      return 'Refreshes every 5 minutes.';
  }
}

/** The monitor card is shown for a patient with a vital watch, or whose NEWS2 band is medium or high. */
export function shouldShowMonitor(patient: PatientVitalFields & Pick<Patient, 'hasVitalWatch'>): boolean {
  return patient.hasVitalWatch || isMediumOrHigh(news2BandOf(patient));
}

/** The body of POST /api/vitals/analysis for the patient's stored vitals. */
export function monitorInput(patient: PatientVitalFields & Pick<Patient, 'id'>): VitalsAnalysisInput {
  // The record's four required vitals are never null, so the reading-named values fit the input.
  return { patientId: patient.id, ...(vitalsFromPatient(patient) as Omit<VitalsAnalysisInput, 'patientId'>) };
}

/** Spec point 4: tiles at URGENT or CRITICAL are highlighted red. */
export function isHighlightedStatus(status: string): boolean {
  return status === 'URGENT' || status === 'CRITICAL';
}

const TOAST_TEXT_MAX = 200;

/**
 * The toast's description: the analysis text's first sentence (its headline, e.g. "NEWS2 14: high
 * clinical risk, red score in respiratory rate, SpO2."), so a 3 a.m. toast does not cover the page;
 * the full text is on the card.
 */
export function alertToastDescription(analysis: string): string {
  const text = analysis.trim();
  const sentence = /^(.+?[.!?])(?=\s|$)/s.exec(text)?.[1] ?? text;
  return sentence.length > TOAST_TEXT_MAX ? `${sentence.slice(0, TOAST_TEXT_MAX - 1).trimEnd()}…` : sentence;
}
