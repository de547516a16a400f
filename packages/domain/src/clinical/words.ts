import {
  NEWS2_VITAL_SIGNS,
  type News2ChartContext,
  VITAL_SIGN_OF_NEWS2,
  type VitalNews2Parameter,
} from '../vitals/catalogue.ts';
import type { VitalValues } from '../vitals/mappers.ts';
import { type BandTable, bandIndex } from './news2-chart.ts';

/**
 * The words nurses act on, once (issue 39): the NEWS2 bands' names, the RCP Chart 4 response to each
 * trigger level, and a value against the chart limit it crossed. Screens, alerts, the analysis and
 * the plain summary read them from here; none of them rewords them. Wording follows
 * docs/reference/clinical.md ("The RCP response to each NEWS2 band (chart 4)").
 */

/** Clinical risk bands of RCP NEWS2 Chart 4. */
export const NEWS2_BANDS = ['low', 'low-medium', 'medium', 'high'] as const;
export type News2Band = (typeof NEWS2_BANDS)[number];

/** A band's name inside a sentence: "NEWS2 4 · low", "high clinical risk" (en dash in "low–medium"). */
export const NEWS2_BAND_LABELS: Record<News2Band, string> = {
  low: 'low',
  'low-medium': 'low–medium',
  medium: 'medium',
  high: 'high',
};

/** A band's name on its own, as a table cell or a sentence's start: "Low–medium". */
export function news2BandTitle(band: News2Band): string {
  const label = NEWS2_BAND_LABELS[band];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The band as a risk in plain words: "High risk". */
export const news2RiskText = (band: News2Band): string => `${news2BandTitle(band)} risk`;

/** Minimum observation frequency of RCP NEWS2 Chart 4. Continuous monitoring has intervals of 0. */
export interface News2Monitoring {
  text: string;
  intervalHoursMin: number;
  intervalHoursMax: number;
  isContinuous: boolean;
}

/**
 * The trigger levels of RCP NEWS2 Chart 4: an aggregate of 0, 1–4, a red score (3 in one
 * parameter) below 5, 5–6 (urgent threshold), 7 or more (emergency threshold).
 */
export const NEWS2_TRIGGERS = ['zero', 'low', 'red', 'urgent', 'emergency'] as const;
export type News2Trigger = (typeof NEWS2_TRIGGERS)[number];

export interface News2Chart4Row {
  band: News2Band;
  monitoring: News2Monitoring;
  /** What must happen: the chart's clinical response, with its minimum monitoring. */
  response: string;
}

// RCP NEWS2 2017 Chart 4 (clinical response to NEWS2 trigger thresholds), as docs/reference/clinical.md
// words it: every screen, alert and analysis says these sentences and no other.
export const NEWS2_CHART4: Readonly<Record<News2Trigger, Readonly<News2Chart4Row>>> = {
  zero: {
    band: 'low',
    monitoring: {
      text: 'Minimum every 12 hours',
      intervalHoursMin: 12,
      intervalHoursMax: 12,
      isContinuous: false,
    },
    response: 'Continue routine monitoring: observations at least every 12 hours.',
  },
  low: {
    band: 'low',
    monitoring: {
      text: 'Minimum every 4–6 hours',
      intervalHoursMin: 4,
      intervalHoursMax: 6,
      isContinuous: false,
    },
    response:
      'Inform a registered nurse, who assesses the patient and decides on monitoring frequency or escalation; observations at least every 4–6 hours.',
  },
  red: {
    band: 'low-medium',
    monitoring: { text: 'Minimum hourly', intervalHoursMin: 1, intervalHoursMax: 1, isContinuous: false },
    response:
      'The registered nurse informs the medical team, who review and decide on escalation; observations at least hourly.',
  },
  urgent: {
    band: 'medium',
    monitoring: { text: 'Minimum hourly', intervalHoursMin: 1, intervalHoursMax: 1, isContinuous: false },
    response:
      'The registered nurse immediately informs the medical team: urgent assessment by a clinician with acute-care competencies, in a monitored environment; observations at least hourly.',
  },
  emergency: {
    band: 'high',
    monitoring: {
      text: 'Continuous monitoring',
      intervalHoursMin: 0,
      intervalHoursMax: 0,
      isContinuous: true,
    },
    response:
      'Immediately inform the medical team (at least a specialist registrar): emergency assessment by a critical-care team with airway skills; consider level 2/3 care; continuous monitoring.',
  },
};

/**
 * The Chart 4 trigger level of an aggregate score: ≥ 7 emergency, 5–6 urgent, a red score below 5
 * red, 1–4 low, 0 zero.
 */
export function news2Trigger(total: number, redScore: boolean): News2Trigger {
  if (total >= 7) return 'emergency';
  if (total >= 5) return 'urgent';
  if (redScore) return 'red';
  return total >= 1 ? 'low' : 'zero';
}

/** The trigger level a band and total name (a band alone cannot tell 0 from 1–4). */
export function triggerOfBand(band: News2Band, total: number): News2Trigger {
  switch (band) {
    case 'high':
      return 'emergency';
    case 'medium':
      return 'urgent';
    case 'low-medium':
      return 'red';
    case 'low':
      return total >= 1 ? 'low' : 'zero';
  }
}

/** The Chart 4 response of a band and total: what the "Do now" box, the alert and the analysis say. */
export const news2Response = (band: News2Band, total: number): string =>
  NEWS2_CHART4[triggerOfBand(band, total)].response;

/**
 * The limit of the chart (RCP NEWS2 2017 Chart 1) a value crossed, as the chart prints its bounds:
 * "≤ 91" below the normal band (its last value that scores), "≥ 25" above it (its first value that
 * scores); inside it, the normal band: "within 51–90", or "≥ 96" when it has no upper bound.
 */
export function limitText(chart: BandTable, value: number): string {
  const index = bandIndex(chart, value);
  const normalIndex = chart.bands.findIndex((band) => band.score === 0);
  const format = (n: number) => n.toFixed(chart.decimals);
  const band = chart.bands[index];
  const previous = chart.bands[index - 1];
  if (index < normalIndex && band) return `≤ ${format(band.upTo)}`;
  if (index > normalIndex && previous) return `≥ ${format(previous.upTo + chart.step)}`;
  const low = previous ? format(previous.upTo + chart.step) : null;
  const high = band && Number.isFinite(band.upTo) ? format(band.upTo) : null;
  if (low !== null && high !== null) return `within ${low}–${high}`;
  if (low !== null) return `≥ ${low}`;
  return high !== null ? `≤ ${high}` : 'any value';
}

/** A numeric parameter's value as NEWS2 scores it (its row's scored unit), with its chart table. */
export function news2ChartReading(
  parameter: VitalNews2Parameter,
  values: VitalValues,
  context: News2ChartContext,
): { value: number; table: BandTable } | null {
  const vital = VITAL_SIGN_OF_NEWS2[parameter];
  if (vital.kind !== 'number' || !vital.news2Chart) return null;
  const stored = values[vital.key];
  if (typeof stored !== 'number' || !Number.isFinite(stored)) return null;
  const value = vital.news2Chart.scored(stored);
  const table = vital.news2Chart.table(value, context);
  return table ? { value, table } : null;
}

/**
 * One parameter's words against the chart: which side of the normal band its value lies ('low',
 * 'high'; null inside it, for air or oxygen and ACVPU, or when it cannot be read) and the limit it
 * crossed ("≤ 90", "≥ 25"; null when it does not score).
 */
export function news2ParameterWords(
  parameter: VitalNews2Parameter,
  values: VitalValues,
  context: News2ChartContext,
): { side: 'low' | 'high' | null; limit: string | null } {
  const reading = news2ChartReading(parameter, values, context);
  if (!reading) return { side: null, limit: null };
  const index = bandIndex(reading.table, reading.value);
  const normalIndex = reading.table.bands.findIndex((band) => band.score === 0);
  if (index === normalIndex) return { side: null, limit: null };
  return { side: index < normalIndex ? 'low' : 'high', limit: limitText(reading.table, reading.value) };
}

/**
 * One parameter in alarm style (docs/reference/clinical.md, IEC 60601-1-8 practice: the value and the
 * limit), its row's abbreviation first: "RR 27 ≥ 25", "SpO2 89 ≤ 91", "Temp 39.2 ≥ 39.1", "HR 72
 * within 51–90", "on oxygen", "ACVPU C"; null when not recorded or when it cannot be read against
 * the chart.
 */
export function news2ParameterPhrase(
  parameter: VitalNews2Parameter,
  values: VitalValues,
  context: News2ChartContext,
): string | null {
  const vital = VITAL_SIGN_OF_NEWS2[parameter];
  const stored = values[vital.key];
  if (stored === null || stored === undefined) return null;
  if (vital.kind === 'boolean') return stored ? 'on oxygen' : 'on air';
  if (vital.kind === 'choice') return `${vital.abbreviation} ${stored}`;
  const reading = news2ChartReading(parameter, values, context);
  if (!reading) return null;
  const shown = reading.value.toFixed(reading.table.decimals);
  return `${vital.abbreviation} ${shown} ${limitText(reading.table, reading.value)}`;
}

/**
 * The NEWS2 parameters in words a person uses at the bedside: the bedside label of the vital each is
 * scored from (air or oxygen is said on its own, "on oxygen").
 */
const BEDSIDE_NAMES = NEWS2_VITAL_SIGNS.filter((v) => v.news2 !== 'airOrOxygen').map((v) => ({
  parameter: v.news2,
  name: v.bedsideLabel,
}));

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A NEWS2 score in sentences a nurse reads at a glance: the risk, what is abnormal in bedside words,
 * and whether something is missing (the values and limits are on the tiles beside it). E.g. "High
 * risk, NEWS2 14. Breathing rate and oxygen level are dangerously abnormal; blood pressure, pulse
 * and temperature are also out of range; on oxygen." The server sends it with each summary; the
 * "Do now" box follows it with {@link news2Response}.
 */
export function news2Findings(news2: {
  band: News2Band;
  total: number;
  complete: boolean;
  scores: Readonly<Record<VitalNews2Parameter, number | null>>;
}): string {
  const score = `NEWS2 ${news2.complete ? '' : 'at least '}${news2.total}`;
  const red = BEDSIDE_NAMES.filter((p) => news2.scores[p.parameter] === 3).map((p) => p.name);
  const other = BEDSIDE_NAMES.filter((p) => {
    const s = news2.scores[p.parameter];
    return s !== null && s >= 1 && s < 3;
  }).map((p) => p.name);
  const findings: string[] = [];
  if (red.length > 0) findings.push(`${list(red)} ${red.length === 1 ? 'is' : 'are'} dangerously abnormal`);
  if (other.length > 0)
    findings.push(
      `${list(other)} ${other.length === 1 ? 'is' : 'are'} ${red.length > 0 ? 'also ' : ''}out of range`,
    );
  if ((news2.scores.airOrOxygen ?? 0) > 0) findings.push('on oxygen');
  const sentences = [`${news2RiskText(news2.band)}, ${score}.`];
  sentences.push(
    findings.length > 0
      ? `${capitalise(findings.join('; '))}.`
      : news2.complete
        ? 'All observations are in the normal range.'
        : 'All recorded observations are in the normal range.',
  );
  if (!news2.complete) sentences.push('Some observations are missing, so the risk may be higher.');
  return sentences.join(' ');
}
