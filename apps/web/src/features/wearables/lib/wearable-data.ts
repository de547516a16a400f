import {
  CONNECTION_TYPES,
  tenthsFToRoundedCelsius,
  type VitalReading,
  type VitalWatchData,
} from '@vigil/domain';

/** What the wearable data card shows, and where it came from. */
export interface WearableCardData {
  heartRate: number | null;
  oxygenLevel: number | null;
  skinTempCelsius: number | null;
  recoveryScore: number | null;
  strain: number | null;
  readingTime: string | null;
  deviceName: string;
  connectionType: string;
  source: 'live' | 'stored' | 'fetched';
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
    deviceName: base!.deviceInfo.name,
    connectionType: base!.deviceInfo.connectionType,
    source,
  };
}
