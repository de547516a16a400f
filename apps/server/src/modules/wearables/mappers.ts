import {
  CONNECTION_TYPES,
  CORE_VITAL_BY_ID,
  CORE_VITALS,
  type CoreVitalId,
  celsiusToTenthsF,
  HEART_RATE,
  type NumericVitalSign,
  OAUTH_CALLBACK_PATH,
  OXYGEN_LEVEL,
  SKIN_TEMPERATURE,
  type VitalWatchData,
  WEARABLE_PROVIDERS,
  type WearableConnection,
  WHOOP_DEVICE_NAME,
} from '@vigil/domain';
import type { IngestReading } from '../readings/ingest-service.ts';
import type { ConnectionRow, WearableReadingRow } from './repository.ts';
import type { WhoopRecovery } from './whoop-api.ts';

/** What a callback ended in: the only thing the browser learns (never the code or a token). */
export type CallbackOutcome =
  | { ok: true; patientId: number }
  | { ok: false; error: string; patientId?: number };

/** Where the browser lands after WHOOP's redirect: the web app's callback page, with the outcome. */
export const outcomeLocation = (outcome: CallbackOutcome) => {
  const query = new URLSearchParams(
    outcome.ok ? { outcome: 'connected', patientId: String(outcome.patientId) } : { error: outcome.error },
  );
  if (!outcome.ok && outcome.patientId !== undefined) query.set('patientId', String(outcome.patientId));
  return `${OAUTH_CALLBACK_PATH}?${query}`;
};

/** The wearable card's view of a connection; tokens never leave here. */
export const toWearableConnection = (row: ConnectionRow | undefined): WearableConnection => ({
  provider: WEARABLE_PROVIDERS.whoop,
  state: row ? (row.state as WearableConnection['state']) : 'none',
  linkedAt: row?.linkedAt.toISOString() ?? null,
  stateChangedAt: row?.stateChangedAt.toISOString() ?? null,
  lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
});

/** A stored reading's value of a vital, by its catalogue row's reading field; null when not measured. */
const measuredBy = (reading: WearableReadingRow | undefined, vital: NumericVitalSign): number | null =>
  reading?.[vital.readingField] ?? null;

/**
 * Spec "Vital watch data" from our stored readings and the connection's scores: the spec's four
 * vitals (the catalogue's core vitals), each under its id, and blood pressure as its pair.
 */
export function toVitalWatchData(
  reading: WearableReadingRow | undefined,
  connection: ConnectionRow,
): VitalWatchData {
  const single = Object.fromEntries(
    CORE_VITALS.flatMap((core) =>
      core.rows.length === 1 ? [[core.id, measuredBy(reading, core.rows[0])]] : [],
    ),
  ) as Record<Exclude<CoreVitalId, 'bloodPressure'>, number | null>;
  const [systolic, diastolic] = CORE_VITAL_BY_ID.bloodPressure.rows;
  return {
    ...single,
    bloodPressure: { systolic: measuredBy(reading, systolic), diastolic: measuredBy(reading, diastolic) },
    readingTime: (reading?.readingTime ?? connection.scoresAt)?.toISOString() ?? null,
    deviceInfo: {
      name: reading?.deviceName ?? WHOOP_DEVICE_NAME,
      batteryLevel: reading?.batteryLevel ?? null,
      connectionType: CONNECTION_TYPES.whoop,
      isTargetDevice: true,
    },
    recoveryScore: connection.recoveryScore,
    strain: connection.strain,
    skinTempCelsius: connection.skinTempCelsius,
  };
}

/** The device id of a WHOOP member's readings for one patient: one reading per instant. */
export const whoopDeviceId = (providerUserId: string, patientId: number) =>
  `whoop:${providerUserId}:${patientId}`;

/**
 * A scored recovery as a reading: resting heart rate, SpO2 and skin temperature measured during the
 * sleep that scored it, at the time WHOOP scored it. Skin temperature is `skinTemperature` (tenths of
 * °F, as the catalogue stores it), never core `temperature`, and NEWS2 never takes it (decision 011).
 * No blood pressure (WHOOP has none). Null when it measures nothing we take.
 */
export function recoveryReading(
  patientId: number,
  providerUserId: string,
  recovery: WhoopRecovery,
  /** When the night it describes began (its sleep's or cycle's start), if known. */
  windowStart: string | null = null,
): IngestReading | null {
  const score = recovery.score;
  if (recovery.score_state !== 'SCORED' || !score) return null;
  // Each value only within its catalogue row's plausible range.
  const measured = {
    [HEART_RATE.readingField]: plausible(score.resting_heart_rate, HEART_RATE),
    [OXYGEN_LEVEL.readingField]: plausible(score.spo2_percentage, OXYGEN_LEVEL),
    [SKIN_TEMPERATURE.readingField]: plausibleTenthsF(score.skin_temp_celsius),
  };
  if (Object.values(measured).every((value) => value === null)) return null;
  return {
    patientId,
    deviceId: whoopDeviceId(providerUserId, patientId),
    deviceName: WHOOP_DEVICE_NAME,
    connectionType: CONNECTION_TYPES.whoop,
    readingTime: new Date(recovery.created_at).toISOString(),
    // A summary of the sleep that scored it: the window is the night, ending when WHOOP scored it.
    windowStart: windowStart ? new Date(windowStart).toISOString() : null,
    windowEnd: new Date(recovery.created_at).toISOString(),
    ...measured,
  };
}

/** WHOOP's skin temperature (°C) in tenths of °F, or null outside the catalogue's plausible range. */
function plausibleTenthsF(celsius: number | undefined): number | null {
  if (celsius === undefined || !Number.isFinite(celsius)) return null;
  const tenthsF = celsiusToTenthsF(celsius);
  const { min, max } = SKIN_TEMPERATURE.plausible;
  return tenthsF >= min && tenthsF <= max ? tenthsF : null;
}

function plausible(value: number | undefined, vital: typeof HEART_RATE | typeof OXYGEN_LEVEL): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const { min, max } = vital.plausible;
  const whole = Math.round(value);
  return whole >= min && whole <= max ? whole : null;
}
