import {
  type BandTable,
  type Consciousness,
  type News2Parameter,
  type News2ParameterScore,
  PULSE_TABLE,
  RESPIRATORY_RATE_TABLE,
  SPO2_SCALE_1_TABLE,
  SPO2_SCALE_2_AIR_TABLE,
  SPO2_SCALE_2_OXYGEN_TABLE,
  type Spo2Scale,
  SYSTOLIC_BP_TABLE,
  scoreConsciousness,
  spo2Table,
  TEMPERATURE_C_TABLE,
  type VitalKey,
  type VitalValues,
} from '@vigil/domain';

/**
 * The rows of the RCP NEWS2 observation chart (RCP 2017, Chart 1), built from the domain's band
 * tables so the printed colours can never disagree with the score the server gives: one row per
 * score band, highest values at the top as on the paper chart.
 */

/**
 * The values a chart column shows, by catalogue key, as the chart plots them (`temperature` in °C,
 * one decimal); null when not recorded.
 */
export type ChartValues = { [K in VitalKey]: Exclude<VitalValues[K], undefined> };

export interface ChartRow {
  id: string;
  label: string;
  score: News2ParameterScore;
}

export interface ChartSection {
  parameter: News2Parameter;
  title: string;
  rows: ChartRow[];
  /** The row a column's value falls in and the text written there; null when not recorded. */
  place(values: ChartValues): { rowId: string; text: string } | null;
}

function bandRows(idPrefix: string, chart: BandTable, suffix = ''): ChartRow[] {
  const format = (n: number) => n.toFixed(chart.decimals);
  return chart.bands.map((band, index) => {
    const previous = chart.bands[index - 1];
    const low = previous ? format(previous.upTo + chart.step) : null;
    const high = Number.isFinite(band.upTo) ? format(band.upTo) : null;
    const range = low === null ? `≤${high}` : high === null ? `≥${low}` : `${low}–${high}`;
    return { id: `${idPrefix}-${index}`, label: `${range}${suffix}`, score: band.score };
  });
}

function bandIndex(chart: BandTable, value: number): number {
  const index = chart.bands.findIndex((band) => value <= band.upTo);
  return index === -1 ? chart.bands.length - 1 : index;
}

function numericSection(
  parameter: News2Parameter,
  title: string,
  chart: BandTable,
  read: (values: ChartValues) => number | null,
  text: (values: ChartValues, value: number) => string = (_, value) => value.toFixed(chart.decimals),
): ChartSection {
  return {
    parameter,
    title,
    rows: bandRows(parameter, chart).reverse(),
    place(values) {
      const value = read(values);
      if (value === null) return null;
      return { rowId: `${parameter}-${bandIndex(chart, value)}`, text: text(values, value) };
    },
  };
}

/**
 * SpO2 on Scale 2 as the paper chart lays it out: the oxygen bands above 92 % (scored 1–3 because
 * over-oxygenation risks hypercapnia), "≥93 on air" (0), then 88–92 and below, shared by air and oxygen.
 */
function spo2Scale2Section(): ChartSection {
  const sharedUpTo = 92;
  // On air every value above 87 scores 0: capped at 92 it is the band air and oxygen share.
  const sharedTable: BandTable = {
    ...SPO2_SCALE_2_AIR_TABLE,
    bands: SPO2_SCALE_2_AIR_TABLE.bands.map((band) =>
      Number.isFinite(band.upTo) ? band : { upTo: sharedUpTo, score: band.score },
    ),
  };
  const oxygenRows = bandRows('spo2-o2', SPO2_SCALE_2_OXYGEN_TABLE, ' on O₂').filter(
    (_, index) =>
      (SPO2_SCALE_2_OXYGEN_TABLE.bands[index - 1]?.upTo ?? Number.NEGATIVE_INFINITY) >= sharedUpTo,
  );
  const airHigh: ChartRow = { id: 'spo2-air-high', label: `≥${sharedUpTo + 1} on air`, score: 0 };
  return {
    parameter: 'spo2',
    title: 'SpO₂ Scale 2 (%)',
    rows: [...oxygenRows.reverse(), airHigh, ...bandRows('spo2-shared', sharedTable).reverse()],
    place(values) {
      const value = values.oxygenLevel;
      if (value === null) return null;
      if (value <= sharedUpTo)
        return { rowId: `spo2-shared-${bandIndex(sharedTable, value)}`, text: `${value}` };
      // Above 92 % the row depends on oxygen: without it the score is undetermined (domain spo2Table).
      const table = spo2Table(value, 2, values.onSupplementalOxygen);
      if (table === SPO2_SCALE_2_OXYGEN_TABLE)
        return { rowId: `spo2-o2-${bandIndex(SPO2_SCALE_2_OXYGEN_TABLE, value)}`, text: `${value}` };
      if (table === null) return { rowId: 'spo2-air-high', text: `${value}?` };
      return { rowId: 'spo2-air-high', text: `${value}` };
    },
  };
}

const CONSCIOUSNESS_ROWS: { level: Consciousness; label: string }[] = [
  { level: 'A', label: 'Alert' },
  { level: 'C', label: 'New confusion' },
  { level: 'V', label: 'Voice' },
  { level: 'P', label: 'Pain' },
  { level: 'U', label: 'Unresponsive' },
];

/** The chart's sections in RCP order, SpO2 on the patient's scale. */
export function chartSections(spo2Scale: Spo2Scale): ChartSection[] {
  return [
    numericSection(
      'respiratoryRate',
      'Respirations (breaths/min)',
      RESPIRATORY_RATE_TABLE,
      (v) => v.respiratoryRate,
    ),
    spo2Scale === 2
      ? spo2Scale2Section()
      : numericSection('spo2', 'SpO₂ Scale 1 (%)', SPO2_SCALE_1_TABLE, (v) => v.oxygenLevel),
    {
      parameter: 'airOrOxygen',
      title: 'Air or oxygen?',
      rows: [
        { id: 'air', label: 'Air', score: 0 },
        { id: 'oxygen', label: 'Oxygen', score: 2 },
      ],
      place: (v) =>
        v.onSupplementalOxygen === null
          ? null
          : v.onSupplementalOxygen
            ? { rowId: 'oxygen', text: 'O₂' }
            : { rowId: 'air', text: 'A' },
    },
    numericSection(
      'systolicBP',
      'Blood pressure (mmHg), scored on systolic',
      SYSTOLIC_BP_TABLE,
      (v) => v.systolicBP,
      (v, systolic) => (v.diastolicBP === null ? `${systolic}` : `${systolic}/${v.diastolicBP}`),
    ),
    numericSection('pulse', 'Pulse (beats/min)', PULSE_TABLE, (v) => v.heartRate),
    {
      parameter: 'consciousness',
      title: 'Consciousness (ACVPU)',
      rows: CONSCIOUSNESS_ROWS.map(({ level, label }) => ({
        id: `acvpu-${level}`,
        label,
        score: scoreConsciousness(level) ?? 0,
      })),
      place: (v) =>
        v.consciousness === null ? null : { rowId: `acvpu-${v.consciousness}`, text: v.consciousness },
    },
    numericSection('temperature', 'Temperature (°C)', TEMPERATURE_C_TABLE, (v) => v.temperature),
  ];
}
