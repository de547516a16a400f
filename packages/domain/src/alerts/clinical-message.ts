import { NEWS2_PARAMETERS } from '../clinical/news2.ts';
import type { StoredNews2 } from '../clinical/patient-news2.ts';
import { news2ParameterPhrase } from '../clinical/words.ts';
import type { VitalState } from '../vitals/mappers.ts';

// What a clinical alert says: the score and the values that drive it, each against the limit it
// crossed on the RCP chart, in the one alarm-style phrase of clinical/words.ts.

/**
 * A clinical alert's message: the score, then every value that drives it with the limit each
 * crossed, highest scores first, so every parameter that scores 3 is named: "NEWS2 9 · RR 27 ≥ 25 ·
 * SpO2 90 ≤ 91 · HR 95 ≥ 91". Nothing that scores is left out: a nurse reads why from the alert.
 */
export function clinicalAlertMessage(
  news2: Pick<StoredNews2, 'total' | 'complete' | 'parameters' | 'spo2Scale'>,
  values: Partial<VitalState>,
): string {
  const drivers = news2.parameters
    .filter((p) => (p.score ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.score ?? 0) - (a.score ?? 0) ||
        NEWS2_PARAMETERS.indexOf(a.parameter) - NEWS2_PARAMETERS.indexOf(b.parameter),
    )
    .flatMap(
      (p) =>
        news2ParameterPhrase(p.parameter, values, {
          spo2Scale: news2.spo2Scale,
          onSupplementalOxygen: values.onSupplementalOxygen,
        }) ?? [],
    );
  return [`NEWS2 ${news2.complete ? '' : '≥ '}${news2.total}`, ...drivers].join(' · ');
}
