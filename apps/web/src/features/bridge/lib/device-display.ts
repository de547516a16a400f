import type { BridgeDevice } from '@vigil/domain';
import { formatClockTimeWithSeconds } from '@/lib/date-time.ts';

/** Spec point 2: the name, or "Unknown Device" when the device advertises none. */
export function deviceName(device: Pick<BridgeDevice, 'name'>): string {
  return device.name?.trim() || 'Unknown Device';
}

/** Spec point 9: a device id is shown by its first 8 characters. */
export function shortDeviceId(id: string): string {
  return id.slice(0, 8);
}

/** BPM or Battery %: "--" when the device has not sent one (or it was cleared after a drop). */
export function valueOrDashes(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '--';
}

/** Last Update: "Never" when none, "Invalid time" when unparsable, else the local time "14:03:27". */
export function formatLastUpdate(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 'Invalid time';
  return formatClockTimeWithSeconds(ms);
}

/** What the card says about a linked device's upload, in words a nurse can act on. */
export function syncSummary(sync: NonNullable<BridgeDevice['sync']>): string {
  const counts = `${sync.uploadedReadings} uploaded, ${sync.pendingReadings} waiting`;
  switch (sync.status) {
    case 'idle':
      return `Up to date (${counts})`;
    case 'uploading':
      return `Uploading (${counts})`;
    case 'retrying':
      return `Vigil unreachable, retrying (${counts})${sync.lastError ? `: ${sync.lastError}` : ''}`;
    case 'paused':
      return `Paused: the device token was refused. Sync Data to Cloud again (${counts})`;
  }
}

/**
 * The patients a device may feed: a simulated device only demo patients, whose values may be
 * simulated (decision 014; Vigil refuses it on a real patient, 409), so the list never offers a link
 * that would be refused.
 */
export function patientsForDevice<P extends { isDemo: boolean }>(
  device: Pick<BridgeDevice, 'simulated'>,
  patients: readonly P[] | undefined,
): readonly P[] | undefined {
  return device.simulated ? patients?.filter((p) => p.isDemo) : patients;
}
