import { NEWS2_PARAMETERS, type News2Parameter } from '../clinical/news2.ts';
import {
  type BandTable,
  PULSE_TABLE,
  RESPIRATORY_RATE_TABLE,
  SYSTOLIC_BP_TABLE,
  spo2Table,
  TEMPERATURE_C_TABLE,
} from '../clinical/news2-chart.ts';
import type { PatientNews2 } from '../clinical/patient-news2.ts';
import type { VitalState } from '../vitals/mappers.ts';
import { tenthsFToRoundedCelsius } from '../vitals/units.ts';

// What a clinical alert says: the score and the values that drive it, each against the limit it
// crossed on the RCP chart (the chart's own tables, never retyped).

/** "≤ 91", "≥ 25": the limit crossed, in the band's own terms (the first value outside normal). */
function crossed(chart: BandTable, value: number): string {
  const normal = chart.bands.findIndex((b) => b.score === 0);
  const index = chart.bands.findIndex((b) => value <= b.upTo);
  const format = (n: number) => n.toFixed(chart.decimals);
  if (index < normal) return `≤ ${format(chart.bands[index]!.upTo)}`;
  return `≥ ${format(chart.bands[index - 1]!.upTo + chart.step)}`;
}

/** One parameter's value against its limit, "RR 27 ≥ 25", or null when it scores 0 or is missing. */
function parameterText(
  parameter: News2Parameter,
  values: Partial<VitalState>,
  spo2Scale: 1 | 2,
): string | null {
  switch (parameter) {
    case 'respiratoryRate':
      return values.respiratoryRate == null
        ? null
        : `RR ${values.respiratoryRate} ${crossed(RESPIRATORY_RATE_TABLE, values.respiratoryRate)}`;
    case 'spo2': {
      const table =
        values.oxygenLevel == null
          ? null
          : spo2Table(values.oxygenLevel, spo2Scale, values.onSupplementalOxygen);
      return table && values.oxygenLevel != null
        ? `SpO2 ${values.oxygenLevel} ${crossed(table, values.oxygenLevel)}`
        : null;
    }
    case 'airOrOxygen':
      return values.onSupplementalOxygen ? 'on oxygen' : null;
    case 'systolicBP':
      return values.systolicBP == null
        ? null
        : `SBP ${values.systolicBP} ${crossed(SYSTOLIC_BP_TABLE, values.systolicBP)}`;
    case 'pulse':
      return values.heartRate == null
        ? null
        : `HR ${values.heartRate} ${crossed(PULSE_TABLE, values.heartRate)}`;
    case 'consciousness':
      return values.consciousness && values.consciousness !== 'A' ? `ACVPU ${values.consciousness}` : null;
    case 'temperature': {
      if (values.temperature == null) return null;
      const celsius = tenthsFToRoundedCelsius(values.temperature);
      return `T ${celsius.toFixed(1)} ${crossed(TEMPERATURE_C_TABLE, celsius)}`;
    }
  }
}

/**
 * A clinical alert's message: the score, then every value that drives it with the limit each
 * crossed, highest scores first, so every parameter that scores 3 is named: "NEWS2 9 · RR 27 ≥ 25 ·
 * SpO2 90 ≤ 91 · HR 95 ≥ 91". Nothing that scores is left out: a nurse reads why from the alert.
 */
export function clinicalAlertMessage(
  news2: Pick<PatientNews2, 'total' | 'complete' | 'parameters' | 'spo2Scale'>,
  values: Partial<VitalState>,
): string {
  const drivers = news2.parameters
    .filter((p) => (p.score ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.score ?? 0) - (a.score ?? 0) ||
        NEWS2_PARAMETERS.indexOf(a.parameter) - NEWS2_PARAMETERS.indexOf(b.parameter),
    )
    .flatMap((p) => parameterText(p.parameter, values, news2.spo2Scale) ?? []);
  return [`NEWS2 ${news2.complete ? '' : '≥ '}${news2.total}`, ...drivers].join(' · ');
}
