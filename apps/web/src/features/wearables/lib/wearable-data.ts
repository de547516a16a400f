import { CONNECTION_TYPES, type VitalReading, type VitalWatchData } from '@vigil/domain';

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

/**
 * Spec point 4, "Data priority": live event-stream data, then stored data (what used to be the cloud),
 * then directly fetched data. A live WHOOP reading replaces the others' vital signs (the watch type
 * names WHOOP); recovery, strain and skin temperature come only with stored or fetched data.
 */
export function pickWearableData(
  live: VitalReading | null,
  stored: VitalWatchData | undefined,
  fetched: VitalWatchData | undefined,
): WearableCardData | null {
  const base = stored ?? fetched;
  const source = live ? 'live' : stored ? 'stored' : fetched ? 'fetched' : null;
  if (!source) return null;
  const scores = {
    skinTempCelsius: base?.skinTempCelsius ?? null,
    recoveryScore: base?.recoveryScore ?? null,
    strain: base?.strain ?? null,
  };
  if (live) {
    return {
      heartRate: live.heartRate,
      oxygenLevel: live.oxygenLevel,
      readingTime: live.readingTime,
      deviceName: live.deviceName ?? base?.deviceInfo.name ?? 'WHOOP Device',
      connectionType: live.connectionType ?? CONNECTION_TYPES.whoop,
      ...scores,
      source,
    };
  }
  return {
    heartRate: base!.heartRate,
    oxygenLevel: base!.oxygenLevel,
    readingTime: base!.readingTime,
    deviceName: base!.deviceInfo.name,
    connectionType: base!.deviceInfo.connectionType,
    ...scores,
    source,
  };
}
