import {
  ACVPU_CHOICES,
  NEWS2_VITAL_SIGNS,
  SUPPLEMENTAL_OXYGEN,
  VITAL_SIGN_OF_NEWS2,
  type VitalNews2Parameter,
} from '../vitals/catalogue.ts';
import type { VitalValues } from '../vitals/mappers.ts';
import {
  type BandTable,
  bandIndex,
  type News2ParameterScore,
  SPO2_SCALE_1_TABLE,
  SPO2_SCALE_2_AIR_TABLE,
  SPO2_SCALE_2_OXYGEN_TABLE,
  scoreAirOrOxygen,
  scoreConsciousness,
  spo2Table,
} from './news2-chart.ts';
import type { Spo2Scale } from './spo2-scale.ts';

/**
 * The printed RCP NEWS2 observation chart (RCP 2017, Chart 1) as data: its sections and their rows,
 * built from the chart's band tables (highest values at the top, as on the paper chart) and titled
 * and tabled by the catalogue rows (`chartTitle`, `news2Chart.printed`), and the row
 * a value is written in. The server places each value of a trend ({@link news2ChartRow}); the web
 * draws the sections and writes each value where the server placed it, never banding it itself.
 */

export interface News2ChartRow {
  id: string;
  label: string;
  score: News2ParameterScore;
}

export interface News2ChartSection {
  parameter: VitalNews2Parameter;
  title: string;
  rows: News2ChartRow[];
}

function bandRows(idPrefix: string, chart: BandTable, suffix = ''): News2ChartRow[] {
  const format = (n: number) => n.toFixed(chart.decimals);
  return chart.bands.map((band, index) => {
    const previous = chart.bands[index - 1];
    const low = previous ? format(previous.upTo + chart.step) : null;
    const high = Number.isFinite(band.upTo) ? format(band.upTo) : null;
    const range = low === null ? `≤${high}` : high === null ? `≥${low}` : `${low}–${high}`;
    return { id: `${idPrefix}-${index}`, label: `${range}${suffix}`, score: band.score };
  });
}

/** The SpO2 value above which Scale 2's rows depend on air or oxygen (RCP NEWS2 2017 Chart 1). */
const SCALE_2_SHARED_UP_TO = 92;
// On air every value above 87 scores 0: capped at 92 it is the band air and oxygen share.
const SCALE_2_SHARED_TABLE: BandTable = {
  ...SPO2_SCALE_2_AIR_TABLE,
  bands: SPO2_SCALE_2_AIR_TABLE.bands.map((band) =>
    Number.isFinite(band.upTo) ? band : { upTo: SCALE_2_SHARED_UP_TO, score: band.score },
  ),
};

/**
 * SpO2 on Scale 2 as the paper chart lays it out: the oxygen bands above 92 % (scored 1–3 because
 * over-oxygenation risks hypercapnia), "≥93 on air" (0), then 88–92 and below, shared by air and oxygen.
 */
function spo2Scale2Rows(): News2ChartRow[] {
  const oxygenRows = bandRows('spo2-o2', SPO2_SCALE_2_OXYGEN_TABLE, ' on O₂').filter(
    (_, index) =>
      (SPO2_SCALE_2_OXYGEN_TABLE.bands[index - 1]?.upTo ?? Number.NEGATIVE_INFINITY) >= SCALE_2_SHARED_UP_TO,
  );
  const airHigh = { id: 'spo2-air-high', label: `≥${SCALE_2_SHARED_UP_TO + 1} on air`, score: 0 as const };
  return [...oxygenRows.reverse(), airHigh, ...bandRows('spo2-shared', SCALE_2_SHARED_TABLE).reverse()];
}

/** The one band table a parameter's section prints (its catalogue row's), or null (SpO2, laid out by scale). */
function printedTable(parameter: VitalNews2Parameter): BandTable | null {
  const vital = VITAL_SIGN_OF_NEWS2[parameter];
  return vital.kind === 'number' ? vital.news2Chart.printed : null;
}

/** The chart's sections in RCP order (the catalogue's), SpO2 on the patient's scale. */
export function news2ChartSections(spo2Scale: Spo2Scale): News2ChartSection[] {
  return NEWS2_VITAL_SIGNS.map((vital) => ({
    parameter: vital.news2,
    title: vital.chartTitle(spo2Scale),
    rows: sectionRows(vital.news2, spo2Scale),
  }));
}

function sectionRows(parameter: VitalNews2Parameter, spo2Scale: Spo2Scale): News2ChartRow[] {
  switch (parameter) {
    case 'spo2':
      return spo2Scale === 2 ? spo2Scale2Rows() : bandRows('spo2', SPO2_SCALE_1_TABLE).reverse();
    case 'airOrOxygen':
      return [false, true].map((onOxygen) => ({
        id: onOxygen ? 'oxygen' : 'air',
        label: onOxygen ? SUPPLEMENTAL_OXYGEN.chartLabels.true : SUPPLEMENTAL_OXYGEN.chartLabels.false,
        score: scoreAirOrOxygen(onOxygen) ?? 0,
      }));
    case 'consciousness':
      return ACVPU_CHOICES.map((c) => ({
        id: `acvpu-${c.value}`,
        label: c.chartLabel,
        score: scoreConsciousness(c.value) ?? 0,
      }));
    default: {
      const printed = printedTable(parameter);
      return printed ? bandRows(parameter, printed).reverse() : [];
    }
  }
}

/** The id of the row a value is written in; null when the parameter is not recorded. */
function rowId(parameter: VitalNews2Parameter, values: VitalValues, spo2Scale: Spo2Scale): string | null {
  const vital = VITAL_SIGN_OF_NEWS2[parameter];
  const stored = values[vital.key];
  if (stored === null || stored === undefined) return null;
  if (parameter === 'airOrOxygen') return stored ? 'oxygen' : 'air';
  if (parameter === 'consciousness') return `acvpu-${stored}`;
  if (vital.kind !== 'number' || !vital.news2Chart || typeof stored !== 'number') return null;
  const value = vital.news2Chart.scored(stored);
  const printed = vital.news2Chart.printed;
  if (printed) return `${parameter}-${bandIndex(printed, value)}`;
  if (spo2Scale === 1) return `spo2-${bandIndex(SPO2_SCALE_1_TABLE, value)}`;
  if (value <= SCALE_2_SHARED_UP_TO) return `spo2-shared-${bandIndex(SCALE_2_SHARED_TABLE, value)}`;
  // Above 92 % the row depends on oxygen; without it the score is undetermined and the value is
  // written in the air row, marked (the trend says the point's SpO2 was not scored).
  const table = spo2Table(value, 2, values.onSupplementalOxygen);
  return table === SPO2_SCALE_2_OXYGEN_TABLE
    ? `spo2-o2-${bandIndex(SPO2_SCALE_2_OXYGEN_TABLE, value)}`
    : 'spo2-air-high';
}

/**
 * The row of the chart (its index in the parameter's section of {@link news2ChartSections}) a value
 * is written in, from values in their stored units (temperature in tenths of °F; SpO2 read with air
 * or oxygen); null when the parameter is not recorded.
 */
export function news2ChartRow(
  parameter: VitalNews2Parameter,
  values: VitalValues,
  spo2Scale: Spo2Scale,
): number | null {
  const id = rowId(parameter, values, spo2Scale);
  if (id === null) return null;
  const index = rowIndexes(parameter, spo2Scale).get(id);
  return index === undefined ? null : index;
}

const ROW_INDEXES = new Map<string, Map<string, number>>();
/** Each row's index by its id, per section and scale, laid out once (a trend places thousands of values). */
function rowIndexes(parameter: VitalNews2Parameter, spo2Scale: Spo2Scale): Map<string, number> {
  const key = `${parameter}/${spo2Scale}`;
  let indexes = ROW_INDEXES.get(key);
  if (!indexes) {
    indexes = new Map(sectionRows(parameter, spo2Scale).map((row, index) => [row.id, index]));
    ROW_INDEXES.set(key, indexes);
  }
  return indexes;
}
