import {
  CORE_VITALS,
  type CoreVitalFlag,
  coreVitalFlags,
  type News2Parameter,
  type Patient,
  type PatientVitalValues,
  VITAL_SIGN_OF_NEWS2,
  vitalsOfPatient,
} from '@vigil/domain';
import {
  NEWS2_EXTRAS,
  news2ParameterOf,
  VITAL_CARD_KEYS,
  type VitalCardKey,
  vitalCardDisplay,
} from './vital-display.ts';

export {
  VITAL_CARD_KEYS,
  type VitalCardKey,
  vitalCardDisplay,
  vitalCardIcon,
  vitalCardPatientField,
} from './vital-display.ts';

type Direction = 'High' | 'Low' | 'Not alert';

export interface VitalCardModel {
  key: VitalCardKey;
  label: string;
  value: string;
  unit: string;
  /** Null when within the patient-page limits; otherwise the value's side and the limit crossed. */
  flag: { direction: Direction; limit: string } | null;
  /**
   * The NEWS2 points of this value, from the server's summary, when it scores at all (≥ 1), with
   * the side of the chart's normal band it lies on and the chart's limit crossed.
   */
  news2: { score: number; direction: Direction | null; limit: string | null } | null;
  /** What the card says under the value: never "Within range" when NEWS2 scores it. */
  status: string;
  /** 'alarm' (red): a patient-page limit crossed or 3 NEWS2 points; 'warning': 1–2 points only. */
  tone: 'alarm' | 'warning' | null;
}

type CardPatient = PatientVitalValues & { news2: Pick<Patient['news2'], 'parameters'> };

/** The unit a card prints after a NEWS2 limit: its parameter's display unit ("≤ 90 mmHg systolic"). */
function limitUnit(key: VitalCardKey, parameter: News2Parameter): string {
  const vital = VITAL_SIGN_OF_NEWS2[parameter];
  const unit = vital.kind === 'number' ? vital.displayUnit : '';
  return key === 'bloodPressure' ? `${unit} systolic` : unit;
}

/**
 * The NEWS2 points the server gave this vital (its summary's parameter), with the side of the chart's
 * normal band and the limit crossed that the server sent with them: nothing is read off the chart here.
 */
export function vitalNews2(key: VitalCardKey, patient: CardPatient): VitalCardModel['news2'] {
  const parameter = news2ParameterOf(key);
  const scored = patient.news2.parameters.find((p) => p.parameter === parameter);
  const score = scored?.score ?? null;
  if (!scored || score === null || score < 1) return null;
  if (key === 'consciousness') return { score, direction: 'Not alert', limit: null };
  const direction = scored.side === 'low' ? 'Low' : scored.side === 'high' ? 'High' : null;
  const limit = direction && scored.limit ? `${scored.limit} ${limitUnit(key, parameter)}` : null;
  return { score, direction, limit };
}

function statusOf(flag: VitalCardModel['flag'], news2: VitalCardModel['news2'], isRecorded: boolean): string {
  const points = news2 ? `scores ${news2.score} in NEWS2` : null;
  if (flag)
    return points ? `${flag.direction} (${flag.limit}) — ${points}` : `${flag.direction} (${flag.limit})`;
  if (news2) return news2.direction ? `${news2.direction} — ${points}` : `Scores ${news2.score} in NEWS2`;
  // NEWS2 counts an unrecorded parameter as missing, never as normal (RCP 2017).
  return isRecorded ? 'Within range' : 'Not recorded';
}

const labelOf = (key: VitalCardKey) =>
  key === 'respiratoryRate' || key === 'consciousness'
    ? NEWS2_EXTRAS.find((v) => v.key === key)!.label
    : CORE_VITALS.find((v) => v.id === key)!.label;

/**
 * The vital cards of the patient page (spec point 2, with RR and ACVPU), labelled and highlighted by
 * their catalogue rows (the patient-page limits of spec point 5; RR and ACVPU have none). A flag
 * names the limit crossed, as alarm messages should (docs/reference/clinical.md, IEC 60601-1-8). A
 * value the spec's limits pass but NEWS2 scores (BP 88/52: systolic ≤ 90, 3 points) never reads
 * "Within range": it names its score.
 */
export function vitalCardModels(patient: CardPatient): VitalCardModel[] {
  const flags: Partial<Record<VitalCardKey, CoreVitalFlag | null>> = coreVitalFlags(patient, 'patientPage');
  const values = vitalsOfPatient(patient);
  return VITAL_CARD_KEYS.map((key) => {
    const crossed = flags[key];
    const flag: VitalCardModel['flag'] = crossed
      ? { direction: crossed.flag === 'low' ? 'Low' : 'High', limit: crossed.limit }
      : null;
    const news2 = vitalNews2(key, patient);
    const tone = flag || news2?.score === 3 ? 'alarm' : news2 ? 'warning' : null;
    const display = vitalCardDisplay(key, values);
    return {
      key,
      label: labelOf(key),
      ...display,
      flag,
      news2,
      status: statusOf(flag, news2, display.value !== '—'),
      tone,
    };
  });
}
