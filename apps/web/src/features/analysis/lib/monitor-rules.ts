import {
  type ActiveDeviceStatus,
  CONNECTION_TYPES,
  CORE_VITALS,
  type News2Band,
  type Patient,
  PROVENANCE_LABELS,
  type ReadingProvenance,
} from '@vigil/domain';
import { coreVitalPatientField } from '@/lib/core-vitals.ts';
import { formatClockTime } from '@/lib/date-time.ts';

/** Spec point 6: the special high-priority patient of the original product. */
export const HIGH_PRIORITY_PATIENT_ID = 41;

/** Spec point 9, "Analysis refresh": every 5 minutes; every minute for a high-priority patient. */
export const MONITOR_REFRESH_MS = 5 * 60_000;
export const HIGH_PRIORITY_REFRESH_MS = 60_000;

type MonitorPatient = Pick<Patient, 'id' | 'devices' | 'sources' | 'hasVitalWatch'> & {
  news2: Pick<Patient['news2'], 'band'>;
};

/** Where the monitored vitals come from, and the state of what sends them. */
export interface MonitorDevice {
  /** The device's name, or the values' class ("Observation") when no device feeds the patient. */
  name: string;
  /** Percent, or null when the source reports none. */
  batteryLevel: number | null;
  /**
   * - `device`: a linked device, with its `status` from the server;
   * - `values`: no linked device; the class of the newest value says what the vitals are.
   */
  kind: 'device' | 'values';
  simulated: boolean;
  /** A linked device's state, decided by the server (never by this screen's clock). */
  status: ActiveDeviceStatus | null;
  lostAt: string | null;
  /** With no linked device: the class of the newest pulse or SpO2 value, if any. */
  provenance: ReadingProvenance | null;
}

/** The newest of the values a monitor shows first (pulse, SpO2), for its class. */
function newestProvenance(sources: Patient['sources']): ReadingProvenance | null {
  const candidates = CORE_VITALS.map(({ id }) => sources[coreVitalPatientField(id)]).filter(
    (s) => s !== undefined,
  );
  candidates.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return candidates[0]?.provenance ?? null;
}

/**
 * The monitor's source: the patient's newest linked device (the server's list, newest first, with
 * each link's state), else the class of the newest value (a person's observation, demo data…).
 * Never guessed from a device's name.
 */
export function monitorDevice(patient: Pick<Patient, 'devices' | 'sources'>): MonitorDevice {
  const device = patient.devices[0];
  if (device) {
    return {
      name:
        device.deviceName ??
        (device.connectionType === CONNECTION_TYPES.whoop ? 'WHOOP' : device.connectionType),
      batteryLevel: device.batteryLevel,
      kind: 'device',
      simulated: device.simulated,
      status: device.status,
      lostAt: device.lostAt,
      provenance: null,
    };
  }
  const provenance = newestProvenance(patient.sources);
  return {
    name: provenance ? PROVENANCE_LABELS[provenance] : 'Ward observations',
    batteryLevel: null,
    kind: 'values',
    simulated: provenance === 'simulation' || provenance === 'demo',
    status: null,
    lostAt: null,
    provenance,
  };
}

export type ConnectionTone = 'live' | 'simulation' | 'offline' | 'manual';

/**
 * The monitor card's connection badge, from the server's state of the patient's devices. The spec's
 * two labels stay: "Simulation Mode" for a simulated device, "Real Device Connected" only for a real
 * device the server holds connected. A lost one reads "Device lost at HH:MM"; one reconnecting says
 * so (technical states, not physiological alarms). Without a device: "Manual observations" for a
 * person's observations, "Demo data" for the demo seed's, "Device not connected" for values a device
 * sent before its link ended.
 */
export function connectionBadge(device: MonitorDevice): { label: string; tone: ConnectionTone } {
  if (device.kind === 'device') {
    if (device.status === 'lost') {
      const lostAt = device.lostAt ? Date.parse(device.lostAt) : Number.NaN;
      return {
        label: Number.isNaN(lostAt) ? 'Device lost' : `Device lost at ${formatClockTime(lostAt)}`,
        tone: 'offline',
      };
    }
    if (device.simulated) return { label: 'Simulation Mode', tone: 'simulation' };
    if (device.status === 'reconnecting') return { label: 'Reconnecting', tone: 'offline' };
    return { label: 'Real Device Connected', tone: 'live' };
  }
  switch (device.provenance) {
    case 'simulation':
      return { label: 'Simulation Mode', tone: 'simulation' };
    case 'demo':
      return { label: 'Demo data', tone: 'simulation' };
    case 'device':
    case 'wearable-summary':
      return { label: 'Device not connected', tone: 'offline' };
    default:
      return { label: 'Manual observations', tone: 'manual' };
  }
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
export function monitorRefresh(patient: Pick<MonitorPatient, 'id' | 'news2'>): {
  ms: number;
  reason: RefreshReason;
} {
  if (isHighPriorityPatient(patient)) return { ms: HIGH_PRIORITY_REFRESH_MS, reason: 'high-priority' };
  if (isMediumOrHigh(patient.news2.band)) return { ms: HIGH_PRIORITY_REFRESH_MS, reason: 'news2' };
  return { ms: MONITOR_REFRESH_MS, reason: 'standard' };
}

export function monitorRefreshMs(patient: Pick<MonitorPatient, 'id' | 'news2'>): number {
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

/**
 * The monitor card is shown for a patient with a linked device (the server derives `hasVitalWatch`
 * from the links), or whose NEWS2 band (the server's) is medium or high.
 */
export function shouldShowMonitor(patient: Pick<MonitorPatient, 'hasVitalWatch' | 'news2'>): boolean {
  return patient.hasVitalWatch || isMediumOrHigh(patient.news2.band);
}

/** Spec point 4: tiles at URGENT or CRITICAL are highlighted red. */
export function isHighlightedStatus(status: string): boolean {
  return status === 'URGENT' || status === 'CRITICAL';
}
