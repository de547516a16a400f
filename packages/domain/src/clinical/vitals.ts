import {
  CORE_VITALS,
  type CoreVital,
  type CoreVitalId,
  DASHBOARD_CORE_VITALS,
  formatVitalInText,
  type NumericVitalSign,
  type ScreenLimit,
} from '../vitals/catalogue.ts';
import { type PatientVitalValues, type VitalState, vitalsOfPatient } from '../vitals/mappers.ts';
import { formatCelsius, tenthsFToRoundedCelsius } from '../vitals/units.ts';

/**
 * The two on-screen threshold sets of the product spec (docs/reference/product-spec.md point 5) and
 * the displayed patient ID. These thresholds only decide highlighting; clinical escalation is NEWS2
 * (news2.ts).
 */

/** Fixed offset added to the database id to form the patient ID shown on screen (spec point 5). */
export const DISPLAY_ID_OFFSET = 345345000;

/**
 * Patient ID as displayed: {@link DISPLAY_ID_OFFSET} plus the database id (spec point 5).
 * @param id database id of the patient
 */
export function displayPatientId(id: number): number {
  return DISPLAY_ID_OFFSET + id;
}

/** Vital values as the patient entity carries them (`pulse`; `temperature` in tenths of °F), and the battery. */
export type DisplayedVitals = PatientVitalValues & { batteryLevel?: number | null };

/** How a highlighted value is flagged. */
export type VitalFlag = 'low' | 'high' | 'elevated';

/** Each core vital's flag (null: not highlighted, or not measured), by its catalogue key. */
export type DashboardVitalFlags = Record<CoreVitalId, VitalFlag | null>;

export type PatientPageVitalFlags = Record<CoreVitalId, VitalFlag | null> & { battery: 'low' | null };

/** Which of the spec's two threshold sets (point 5). */
export type ScreenLimitSet = 'dashboard' | 'patientPage';

/** A flagged core vital: its flag, and the limits it crossed as a card names them ("> 100 bpm"). */
export interface CoreVitalFlag {
  flag: VitalFlag;
  limit: string;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A value as displayed, the unit its limits are in: temperature in °C to one decimal, so the highlight matches the shown value. */
function displayedValue(vital: NumericVitalSign, value: number): number {
  return vital.entry === 'celsius' ? tenthsFToRoundedCelsius(value) : value;
}

function limitSign(side: 'low' | 'high', limit: ScreenLimit): string {
  return side === 'low' ? (limit.inclusive ? '≤' : '<') : limit.inclusive ? '≥' : '>';
}

function limitValue(vital: NumericVitalSign, limit: ScreenLimit): string {
  return vital.entry === 'celsius' ? formatCelsius(limit.value) : String(limit.value);
}

function limitText(vital: NumericVitalSign, side: 'low' | 'high', limit: ScreenLimit): string {
  return `${limitSign(side, limit)} ${limitValue(vital, limit)}`;
}

function rowFlag(
  vital: NumericVitalSign,
  value: number | null | undefined,
  set: ScreenLimitSet,
): { side: 'low' | 'high'; limit: ScreenLimit } | null {
  const limits = vital.screenLimits?.[set];
  if (!limits || !isNumber(value)) return null;
  const shown = displayedValue(vital, value);
  const { low, high } = limits;
  if (low && (shown < low.value || (low.inclusive === true && shown === low.value)))
    return { side: 'low', limit: low };
  if (high && (shown > high.value || (high.inclusive === true && shown === high.value)))
    return { side: 'high', limit: high };
  return null;
}

/**
 * The core vitals a set of the spec's limits (point 5) highlights, from the limits of their catalogue
 * rows. A missing value is never flagged (nothing to highlight). Blood pressure is flagged when
 * either of its rows is, naming each row crossed ("systolic > 140, diastolic > 90"); a single
 * row's card names its limit with the unit ("< 95 %").
 */
export function coreVitalFlags(
  vitals: DisplayedVitals,
  set: ScreenLimitSet,
): Record<CoreVitalId, CoreVitalFlag | null> {
  const values = vitalsOfPatient(vitals);
  const flags = {} as Record<CoreVitalId, CoreVitalFlag | null>;
  for (const core of CORE_VITALS) {
    const crossed = core.rows.flatMap((vital) => {
      const found = rowFlag(vital, values[vital.key], set);
      return found ? [{ vital, ...found }] : [];
    });
    const first = crossed[0];
    flags[core.id] = first
      ? {
          flag: first.limit.word ?? first.side,
          limit:
            core.rows.length === 1
              ? `${limitText(first.vital, first.side, first.limit)} ${first.vital.displayUnit}`
              : crossed
                  .map((c) => `${c.vital.shortLabel.toLowerCase()} ${limitText(c.vital, c.side, c.limit)}`)
                  .join(', '),
        }
      : null;
  }
  return flags;
}

function flagsOf(vitals: DisplayedVitals, set: ScreenLimitSet): Record<CoreVitalId, VitalFlag | null> {
  const flags = coreVitalFlags(vitals, set);
  return Object.fromEntries(CORE_VITALS.map((core) => [core.id, flags[core.id]?.flag ?? null])) as Record<
    CoreVitalId,
    VitalFlag | null
  >;
}

/**
 * Abnormal-value flags of the dashboard patient card (spec point 5): oxygen ≤ 92 % low; pulse < 60
 * low, > 100 high; systolic > 130 or diastolic > 85 high; temperature ≥ 37.0 °C elevated (the
 * limits are the catalogue rows' `screenLimits.dashboard`).
 */
export function dashboardVitalFlags(vitals: DisplayedVitals): DashboardVitalFlags {
  return flagsOf(vitals, 'dashboard');
}

/**
 * Abnormal-value flags of the patient page vital cards (spec point 5): pulse > 100 or < 60;
 * SpO2 < 95 %; systolic > 140 or diastolic > 90; temperature > 37.5 °C or < 36.0 °C (the catalogue
 * rows' `screenLimits.patientPage`); battery < 20 %.
 */
export function patientPageVitalFlags(vitals: DisplayedVitals): PatientPageVitalFlags {
  const { batteryLevel } = vitals;
  return {
    ...flagsOf(vitals, 'patientPage'),
    // Spec point 5 (patient page): battery below 20 %.
    battery: isNumber(batteryLevel) && batteryLevel < 20 ? 'low' : null,
  };
}

/**
 * The dashboard's limits of a core vital as the note beside its tiles names them (spec point 5), from
 * its rows' `screenLimits.dashboard` and its `limitsNote`: "O2 ≤ 92 %", "pulse < 60 or > 100", a pair
 * as one limit of both values ("BP > 130/85").
 */
export function dashboardLimitsText(core: CoreVital): string {
  const sides = (['low', 'high'] as const).flatMap((side) => {
    const limits = core.rows.flatMap((vital) => {
      const limit = vital.screenLimits?.dashboard[side];
      return limit ? [{ vital, limit }] : [];
    });
    const first = limits[0];
    if (!first) return [];
    return [`${limitSign(side, first.limit)} ${limits.map((l) => limitValue(l.vital, l.limit)).join('/')}`];
  });
  const unit = core.limitsNote.unit ? ` ${core.rows[0].displayUnit}` : '';
  return `${core.limitsNote.label} ${sides.join(' or ')}${unit}`;
}

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** A core vital's value in a Critical patient's reason: "90%", "112 bpm", "145/92 mmHg" (a missing half "--"). */
function reasonValue(core: CoreVital, values: VitalState): string {
  const [first] = core.rows;
  if (core.rows.length === 1) {
    const value = values[first.key];
    return typeof value === 'number' ? formatVitalInText(first, value) : '--';
  }
  const pair = core.rows.map((vital) => {
    const value = values[vital.key];
    return typeof value === 'number' ? vital.display(value) : '--';
  });
  return `${pair.join('/')} ${first.displayUnit}`;
}

/**
 * Human-readable reasons shown for a Critical patient, from the dashboard thresholds
 * (spec point 5), e.g. `["Low oxygen (90%)", "High pulse (112 bpm)"]`: each flagged core vital in the
 * dashboard's order, by its flag, its `reasonLabel` and its value. Empty when nothing is flagged.
 */
export function criticalReasons(vitals: DisplayedVitals): string[] {
  const flags = dashboardVitalFlags(vitals);
  const values = vitalsOfPatient(vitals);
  return DASHBOARD_CORE_VITALS.flatMap((core) => {
    const flag = flags[core.id];
    return flag ? [`${capitalized(flag)} ${core.reasonLabel} (${reasonValue(core, values)})`] : [];
  });
}
