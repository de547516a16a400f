import {
  type DeviceLostReason,
  type PatientDevice,
  PROVENANCE_LABELS,
  type ReadingProvenance,
  type VitalSource,
} from '@vigil/domain';
import { formatAge, formatClockTime } from './date-time.ts';

/** Where a value on screen comes from, in words, and whether it is too old to trust as current. */
export interface ValueSource {
  provenance: ReadingProvenance;
  /** "Observation · 12 min ago", "Device · Polar H10 · just now", "Demo data · 2 h ago". */
  text: string;
  /** Older than the NEWS2 monitoring interval allows (stale data must look stale). */
  isStale: boolean;
}

/**
 * Whether a value measured at `at` is stale at `nowMs`: older than `staleAfterMs`, the longest gap
 * the patient's NEWS2 monitoring asks for (the server's `news2.staleAfterMs`). Kept current by the
 * screen's clock, since a value turns stale while the page stays open. A time in the future (a
 * clock ahead) is not stale; an unreadable one is.
 */
export function isStaleAt(at: string | null | undefined, staleAfterMs: number, nowMs: number): boolean {
  if (!at) return false;
  const atMs = Date.parse(at);
  if (Number.isNaN(atMs)) return true;
  return nowMs - atMs > staleAfterMs;
}

/**
 * A value's class, device and age as a screen shows them beside it (the server decides the class:
 * docs/decisions/014-provenance.md); null when the server knows no source for it.
 */
export function describeValueSource(
  source: VitalSource | undefined,
  staleAfterMs: number,
  nowMs: number,
): ValueSource | null {
  if (!source) return null;
  const parts = [PROVENANCE_LABELS[source.provenance]];
  if (source.source) parts.push(source.source);
  parts.push(formatAge(source.at, new Date(nowMs)));
  return {
    provenance: source.provenance,
    text: parts.join(' · '),
    isStale: isStaleAt(source.at, staleAfterMs, nowMs),
  };
}

const LOST_REASONS: Record<DeviceLostReason, string> = {
  'not-reporting': 'it stopped reporting',
  dropped: 'it dropped and reconnecting gave up',
  'reconnect-needed': 'its provider asks for it to be reconnected',
};

/** A device the server has marked lost, as every screen names it. */
export interface LostDevice {
  linkId: number;
  /** "Device lost at 14:05" (24-hour clock, the ward's time). */
  title: string;
  /** "Polar H10: it stopped reporting. Its last values are not current." */
  detail: string;
}

/**
 * "Device lost at HH:MM" for each of the patient's devices the server marks lost (decided by the
 * link service's sweep or the holding browser giving up, never by a screen's clock), newest first.
 */
export function lostDevices(devices: readonly PatientDevice[]): LostDevice[] {
  return devices.flatMap((device) => {
    if (device.status !== 'lost') return [];
    const lostAt = device.lostAt ? Date.parse(device.lostAt) : Number.NaN;
    const title = Number.isNaN(lostAt) ? 'Device lost' : `Device lost at ${formatClockTime(lostAt)}`;
    const name = device.deviceName ?? device.connectionType;
    const reason = device.lostReason ? `: ${LOST_REASONS[device.lostReason]}` : '';
    return [{ linkId: device.linkId, title, detail: `${name}${reason}. Its last values are not current.` }];
  });
}

/** Whether a simulated device feeds the patient now (its values say "Simulation" as well). */
export function isFedBySimulation(devices: readonly PatientDevice[]): boolean {
  return devices.some((device) => device.simulated && device.status !== 'lost');
}
