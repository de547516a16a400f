import { formatCelsius, tenthsFToCelsius, tenthsFToRoundedCelsius } from '../vitals/units.ts';

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

/** Vital values as the patient entity carries them; `temperature` is tenths of °F. */
export interface DisplayedVitals {
  oxygenLevel?: number | null;
  pulse?: number | null;
  systolicBP?: number | null;
  diastolicBP?: number | null;
  /** Tenths of °F. */
  temperature?: number | null;
  batteryLevel?: number | null;
}

export interface DashboardVitalFlags {
  oxygen: 'low' | null;
  pulse: 'low' | 'high' | null;
  bloodPressure: 'high' | null;
  temperature: 'elevated' | null;
}

export interface PatientPageVitalFlags {
  pulse: 'low' | 'high' | null;
  oxygen: 'low' | null;
  bloodPressure: 'high' | null;
  temperature: 'low' | 'high' | null;
  battery: 'low' | null;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Temperature compared as displayed (one decimal) so the highlight always matches the shown value. */
function displayedCelsius(tenthsF: number | null | undefined): number | null {
  return isNumber(tenthsF) ? tenthsFToRoundedCelsius(tenthsF) : null;
}

/**
 * Abnormal-value flags of the dashboard patient card (spec point 5): oxygen ≤ 92 % low; pulse < 60
 * low, > 100 high; systolic > 130 or diastolic > 85 high; temperature ≥ 37.0 °C elevated.
 * A missing value is never flagged (nothing to highlight).
 */
export function dashboardVitalFlags(vitals: DisplayedVitals): DashboardVitalFlags {
  const { oxygenLevel, pulse, systolicBP, diastolicBP } = vitals;
  const celsius = displayedCelsius(vitals.temperature);
  return {
    // Spec point 5 (dashboard card): oxygen at or below 92 is low.
    oxygen: isNumber(oxygenLevel) && oxygenLevel <= 92 ? 'low' : null,
    // Spec point 5 (dashboard card): pulse below 60 low, above 100 high.
    pulse: !isNumber(pulse) ? null : pulse < 60 ? 'low' : pulse > 100 ? 'high' : null,
    // Spec point 5 (dashboard card): systolic above 130 or diastolic above 85.
    bloodPressure:
      (isNumber(systolicBP) && systolicBP > 130) || (isNumber(diastolicBP) && diastolicBP > 85)
        ? 'high'
        : null,
    // Spec point 5 (dashboard card): at or above 37 °C.
    temperature: celsius !== null && celsius >= 37 ? 'elevated' : null,
  };
}

/**
 * Abnormal-value flags of the patient page vital cards (spec point 5): pulse > 100 or < 60;
 * SpO2 < 95 %; systolic > 140 or diastolic > 90; temperature > 37.5 °C or < 36.0 °C; battery < 20 %.
 */
export function patientPageVitalFlags(vitals: DisplayedVitals): PatientPageVitalFlags {
  const { oxygenLevel, pulse, systolicBP, diastolicBP, batteryLevel } = vitals;
  const celsius = displayedCelsius(vitals.temperature);
  return {
    // Spec point 5 (patient page): heart rate above 100 or below 60.
    pulse: !isNumber(pulse) ? null : pulse < 60 ? 'low' : pulse > 100 ? 'high' : null,
    // Spec point 5 (patient page): SpO2 below 95.
    oxygen: isNumber(oxygenLevel) && oxygenLevel < 95 ? 'low' : null,
    // Spec point 5 (patient page): systolic above 140 or diastolic above 90.
    bloodPressure:
      (isNumber(systolicBP) && systolicBP > 140) || (isNumber(diastolicBP) && diastolicBP > 90)
        ? 'high'
        : null,
    // Spec point 5 (patient page): above 37.5 °C or below 36 °C.
    temperature: celsius === null ? null : celsius > 37.5 ? 'high' : celsius < 36 ? 'low' : null,
    // Spec point 5 (patient page): battery below 20 %.
    battery: isNumber(batteryLevel) && batteryLevel < 20 ? 'low' : null,
  };
}

/**
 * Human-readable reasons shown for a Critical patient, from the dashboard thresholds
 * (spec point 5), e.g. `["Low oxygen (90%)", "High pulse (112 bpm)"]`. Empty when nothing is flagged.
 */
export function criticalReasons(vitals: DisplayedVitals): string[] {
  const flags = dashboardVitalFlags(vitals);
  const reasons: string[] = [];
  if (flags.oxygen === 'low') reasons.push(`Low oxygen (${vitals.oxygenLevel}%)`);
  if (flags.pulse === 'low') reasons.push(`Low pulse (${vitals.pulse} bpm)`);
  if (flags.pulse === 'high') reasons.push(`High pulse (${vitals.pulse} bpm)`);
  if (flags.bloodPressure === 'high') {
    reasons.push(`High blood pressure (${vitals.systolicBP ?? '--'}/${vitals.diastolicBP ?? '--'} mmHg)`);
  }
  if (flags.temperature === 'elevated' && isNumber(vitals.temperature)) {
    reasons.push(`Elevated temperature (${formatCelsius(tenthsFToCelsius(vitals.temperature))} °C)`);
  }
  return reasons;
}
