import {
  DASHBOARD_CORE_VITALS,
  type DashboardVitalFlags,
  dashboardLimitsText,
  NEWS2_BAND_LABELS,
  type News2Band,
  type Patient,
} from '@vigil/domain';

/**
 * The condition badge is set by hand; NEWS2 comes from the observations. When the score says medium
 * or high clinical risk (RCP Chart 4: urgent or emergency response) and the badge does not say
 * Critical, the two disagree and the condition needs a person's review. Null when they agree.
 */
export function conditionReview(
  patient: Pick<Patient, 'condition'>,
  news2: { total: number; band: News2Band; complete: boolean },
): string | null {
  if (patient.condition === 'Critical') return null;
  if (news2.band !== 'high' && news2.band !== 'medium') return null;
  const score = `${news2.complete ? '' : '≥'}${news2.total}`;
  return `NEWS2 ${score} (${NEWS2_BAND_LABELS[news2.band]} risk) disagrees with the condition “${patient.condition}”: review the condition.`;
}

/** Whether the patient's NEWS2 (the server's, carried on the patient) disagrees with the condition. */
export function patientConditionReview(patient: Pick<Patient, 'condition' | 'news2'>): string | null {
  return conditionReview(patient, patient.news2);
}

/**
 * A patient whose NEWS2 band is high (RCP Chart 4: emergency response) while the condition badge says
 * otherwise: the ward must see them among the critical patients, marked as such. Null otherwise.
 */
export function news2CriticalMark(patient: Pick<Patient, 'condition' | 'news2'>): string | null {
  if (patient.condition === 'Critical' || patient.news2.band !== 'high') return null;
  return `NEWS2 high — recorded as ${patient.condition}`;
}

/**
 * Why a red tile can sit beside a NORMAL analysis: the tiles use the dashboard's quick-look limits
 * (spec point 5), the analysis scores NEWS2 (RCP 2017), whose ranges are wider (a BP of 135/88 or
 * 37.2 °C scores 0). The limits are named in the dashboard's order, from the catalogue's rows
 * (dashboardLimitsText). Null unless some tile is red and the analysis says NORMAL.
 */
export function thresholdNote(flags: DashboardVitalFlags, alertLevel: string | undefined): string | null {
  if (alertLevel !== 'NORMAL') return null;
  const crossed = DASHBOARD_CORE_VITALS.filter((core) => flags[core.id]);
  if (crossed.length === 0) return null;
  const limits = crossed.map(dashboardLimitsText).join(', ');
  return `Red here means outside the dashboard's limits (${limits}). The analysis scores NEWS2, which counts ${crossed.length === 1 ? 'this value' : 'these values'} as normal.`;
}
