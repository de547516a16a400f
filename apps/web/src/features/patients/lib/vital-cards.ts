import {
  type BandTable,
  limitText,
  type News2Parameter,
  type Patient,
  PULSE_TABLE,
  patientPageVitalFlags,
  SYSTOLIC_BP_TABLE,
  spo2Table,
  TEMPERATURE_C_TABLE,
  tenthsFToRoundedCelsius,
  vitalsOfPatient,
} from '@vigil/domain';
import { CORE_VITAL_NEWS2, type CoreVitalId, coreVitalDisplay } from '@/lib/core-vitals.ts';

export type VitalCardKey = CoreVitalId;

type Direction = 'High' | 'Low';

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

type CardPatient = Pick<
  Patient,
  | 'pulse'
  | 'oxygenLevel'
  | 'systolicBP'
  | 'diastolicBP'
  | 'temperature'
  | 'spo2Scale'
  | 'onSupplementalOxygen'
> & { news2: Pick<Patient['news2'], 'parameters'> };

/** The chart row (RCP NEWS2 2017 Chart 1) a core vital is read against, with the value as scored. */
function chartOf(
  id: CoreVitalId,
  patient: CardPatient,
): { table: BandTable; value: number; unit: string } | null {
  switch (id) {
    case 'pulse':
      return { table: PULSE_TABLE, value: patient.pulse, unit: 'bpm' };
    case 'bloodPressure':
      return { table: SYSTOLIC_BP_TABLE, value: patient.systolicBP, unit: 'mmHg systolic' };
    case 'temperature':
      return {
        table: TEMPERATURE_C_TABLE,
        value: tenthsFToRoundedCelsius(patient.temperature),
        unit: '°C',
      };
    case 'oxygen': {
      const table = spo2Table(patient.oxygenLevel, patient.spo2Scale, patient.onSupplementalOxygen);
      return table ? { table, value: patient.oxygenLevel, unit: '%' } : null;
    }
  }
}

/**
 * The NEWS2 points the server gave this vital (its summary's parameter), and where on the chart the
 * value lies: the chart is only read for the words ("Low", "≤ 90"), the score is the server's.
 */
function news2Of(id: CoreVitalId, patient: CardPatient): VitalCardModel['news2'] {
  const parameter: News2Parameter = CORE_VITAL_NEWS2[id];
  const score = patient.news2.parameters.find((p) => p.parameter === parameter)?.score ?? null;
  if (score === null || score < 1) return null;
  const chart = chartOf(id, patient);
  if (!chart) return { score, direction: null, limit: null };
  const limit = limitText(chart.table, chart.value);
  const direction = limit.startsWith('≤') ? 'Low' : limit.startsWith('>') ? 'High' : null;
  return { score, direction, limit: direction ? `${limit} ${chart.unit}` : null };
}

function statusOf(flag: VitalCardModel['flag'], news2: VitalCardModel['news2']): string {
  const points = news2 ? `scores ${news2.score} in NEWS2` : null;
  if (flag)
    return points ? `${flag.direction} (${flag.limit}) — ${points}` : `${flag.direction} (${flag.limit})`;
  if (news2) return news2.direction ? `${news2.direction} — ${points}` : `Scores ${news2.score} in NEWS2`;
  return 'Within range';
}

/**
 * The four vital cards of the patient page (spec point 2) with the patient-page thresholds of spec
 * point 5, whose texts stay where they fire. A flag names the limit crossed, as alarm messages should
 * (docs/reference/clinical.md, IEC 60601-1-8). A value the spec's limits pass but NEWS2 scores (BP
 * 88/52: systolic ≤ 90, 3 points) never reads "Within range": it names its score.
 */
export function vitalCardModels(patient: CardPatient): VitalCardModel[] {
  const flags = patientPageVitalFlags(patient);
  const values = vitalsOfPatient(patient);
  const cards: Omit<VitalCardModel, 'news2' | 'status' | 'tone'>[] = [
    {
      key: 'pulse',
      label: 'Pulse',
      ...coreVitalDisplay('pulse', values),
      flag:
        flags.pulse === 'high'
          ? { direction: 'High', limit: '> 100 bpm' }
          : flags.pulse === 'low'
            ? { direction: 'Low', limit: '< 60 bpm' }
            : null,
    },
    {
      key: 'oxygen',
      label: 'Oxygen Level',
      ...coreVitalDisplay('oxygen', values),
      flag: flags.oxygen === 'low' ? { direction: 'Low', limit: '< 95 %' } : null,
    },
    {
      key: 'bloodPressure',
      label: 'Blood Pressure',
      ...coreVitalDisplay('bloodPressure', values),
      flag: flags.bloodPressure === 'high' ? { direction: 'High', limit: bloodPressureLimit(patient) } : null,
    },
    {
      key: 'temperature',
      label: 'Temperature',
      ...coreVitalDisplay('temperature', values),
      flag:
        flags.temperature === 'high'
          ? { direction: 'High', limit: '> 37.5 °C' }
          : flags.temperature === 'low'
            ? { direction: 'Low', limit: '< 36.0 °C' }
            : null,
    },
  ];
  return cards.map((card) => {
    const news2 = news2Of(card.key, patient);
    const tone = card.flag || news2?.score === 3 ? 'alarm' : news2 ? 'warning' : null;
    return { ...card, news2, status: statusOf(card.flag, news2), tone };
  });
}

function bloodPressureLimit(patient: Pick<Patient, 'systolicBP' | 'diastolicBP'>): string {
  const parts: string[] = [];
  if (patient.systolicBP > 140) parts.push('systolic > 140');
  if (patient.diastolicBP > 90) parts.push('diastolic > 90');
  return parts.join(', ');
}
