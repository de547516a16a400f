import {
  CONNECTION_TYPES,
  tenthsFToRoundedCelsius,
  type VitalReading,
  type VitalWatchData,
} from '@vigil/domain';
import { formatClockTime } from '@/lib/date-time.ts';

/** What the wearable data card shows, and where it came from. */
export interface WearableCardData {
  heartRate: number | null;
  oxygenLevel: number | null;
  skinTempCelsius: number | null;
  recoveryScore: number | null;
  strain: number | null;
  readingTime: string | null;
  /** The past window the values describe (last night's sleep), when the reading carries it. */
  window: { start: string; end: string } | null;
  deviceName: string;
  connectionType: string;
  /** Which of spec point 4's sources the card shows (live event, stored, fetched). */
  source: 'live' | 'stored' | 'fetched';
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/**
 * The window a wearable's summary describes, in the words a nurse reads it: "overnight 01:10–06:40"
 * for a window ending in the morning that started at night, else "14:00–15:30"; the day is added when
 * it is not today. Local time (the ward's).
 */
export function formatWindow(startIso: string, endIso: string, now: Date = new Date()): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'window unknown';
  const isOvernight =
    end.getHours() < 12 &&
    (start.getHours() >= 18 || start.getHours() < 6 || start.getDate() !== end.getDate());
  const times = `${formatClockTime(start)}–${formatClockTime(end)}`;
  const day = end.toDateString() === now.toDateString() ? '' : ` (${DAY.format(end)})`;
  return `${isOvernight ? 'overnight ' : ''}${times}${day}`;
}

const isWhoop = (connectionType: string | null | undefined) =>
  connectionType?.toLowerCase() === CONNECTION_TYPES.whoop.toLowerCase();

/** The newest WHOOP reading in a window of readings (kept current by the live event stream). */
export function latestWhoopReading(readings: readonly VitalReading[] | undefined): VitalReading | null {
  let latest: VitalReading | null = null;
  for (const r of readings ?? []) {
    if (isWhoop(r.connectionType) && (!latest || Date.parse(r.readingTime) > Date.parse(latest.readingTime)))
      latest = r;
  }
  return latest;
}

/** Whether a live reading is newer than what the stored (or fetched) data describes. */
export function isNewerThan(live: VitalReading | null, data: VitalWatchData | undefined): boolean {
  if (!live) return false;
  if (!data?.readingTime) return true;
  return Date.parse(live.readingTime) > Date.parse(data.readingTime);
}

/**
 * Spec point 4, "Data priority": live event-stream data, then stored data (what used to be the cloud),
 * then directly fetched data. A live WHOOP reading replaces the others' vital signs (the watch type
 * names WHOOP) and brings its own skin temperature. Recovery and strain come only with stored or
 * fetched data, and only when that data is of the live reading's night or later: an older night's
 * scores are never shown beside a newer reading (the panel refetches the stored data instead).
 */
export function pickWearableData(
  live: VitalReading | null,
  stored: VitalWatchData | undefined,
  fetched: VitalWatchData | undefined,
): WearableCardData | null {
  const base = stored ?? fetched;
  const source = live ? 'live' : stored ? 'stored' : fetched ? 'fetched' : null;
  if (!source) return null;
  if (live) {
    const current = isNewerThan(live, base) ? undefined : base;
    return {
      heartRate: live.heartRate,
      oxygenLevel: live.oxygenLevel,
      skinTempCelsius:
        live.skinTemperature === null || live.skinTemperature === undefined
          ? (current?.skinTempCelsius ?? null)
          : tenthsFToRoundedCelsius(live.skinTemperature),
      recoveryScore: current?.recoveryScore ?? null,
      strain: current?.strain ?? null,
      readingTime: live.readingTime,
      window: live.windowStart && live.windowEnd ? { start: live.windowStart, end: live.windowEnd } : null,
      deviceName: live.deviceName ?? base?.deviceInfo.name ?? 'WHOOP Device',
      connectionType: live.connectionType ?? CONNECTION_TYPES.whoop,
      source,
    };
  }
  return {
    heartRate: base!.heartRate,
    oxygenLevel: base!.oxygenLevel,
    skinTempCelsius: base!.skinTempCelsius,
    recoveryScore: base!.recoveryScore,
    strain: base!.strain,
    readingTime: base!.readingTime,
    window: null,
    deviceName: base!.deviceInfo.name,
    connectionType: base!.deviceInfo.connectionType,
    source,
  };
}

/**
 * Why "Connect WHOOP" cannot be used, when the server says WHOOP is unavailable (GET
 * /api/whoop/status, `available` false: not configured on this server), or null while it may be.
 */
export function whoopUnavailableText(status: { available: boolean } | undefined): string | null {
  return status && !status.available
    ? 'WHOOP is not set up on this server: an administrator configures the WHOOP integration first.'
    : null;
}
