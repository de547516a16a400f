import {
  type AnalysisResult,
  NEWS2_VITAL_SIGNS,
  type News2Parameter,
  type News2Summary,
  type PatientNews2,
} from '@vigil/domain';

/**
 * The NEWS2 parameters in words a person uses at the bedside: the bedside label of the vital each is
 * scored from (air or oxygen is said on its own, "on oxygen").
 */
const PLAIN_NAMES = Object.fromEntries(
  NEWS2_VITAL_SIGNS.filter((v) => v.news2 !== 'airOrOxygen').map((v) => [v.news2, v.bedsideLabel]),
) as Record<Exclude<News2Parameter, 'airOrOxygen'>, string>;

const ORDER = Object.keys(PLAIN_NAMES) as (keyof typeof PLAIN_NAMES)[];

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What to do now, by the RCP NEWS2 Chart 4 response of the band, in one short sentence. */
export function actionNow(news2: Pick<News2Summary, 'band' | 'total'>): string {
  switch (news2.band) {
    case 'high':
      return 'Call for an emergency assessment by a critical-care team and monitor continuously.';
    case 'medium':
      return 'Ask for an urgent review by a clinician and observe at least hourly.';
    case 'low-medium':
      return 'Inform the medical team and observe at least hourly.';
    case 'low':
      return news2.total > 0
        ? 'A registered nurse should assess the patient; observe every 4–6 hours.'
        : 'Continue routine observations, at least every 12 hours.';
  }
}

const RISK: Record<News2Summary['band'], string> = {
  high: 'High risk',
  medium: 'Medium risk',
  'low-medium': 'Low–medium risk',
  low: 'Low risk',
};

/** What the plain words are built from: a score, its band and the points of each parameter. */
export type ScoredNews2 = Pick<News2Summary, 'band' | 'total' | 'complete' | 'scores'>;

/**
 * The server's NEWS2 summary of a patient (carried on every patient) as a scored NEWS2: its
 * parameters' points by name. Nothing is scored again here.
 */
export function scoredNews2(news2: PatientNews2): ScoredNews2 {
  const scores = Object.fromEntries(news2.parameters.map((p) => [p.parameter, p.score])) as Record<
    News2Parameter,
    number | null
  >;
  return { band: news2.band, total: news2.total, complete: news2.complete, scores };
}

/**
 * The card's analysis in sentences a nurse reads at a glance, built from the NEWS2 breakdown (the
 * values and limits are on the tiles beside it and in the record): the risk, what is abnormal in
 * words, what is missing, and what to do now. E.g. "High risk, NEWS2 14. Breathing rate and oxygen
 * level are dangerously abnormal; blood pressure, pulse and temperature are also out of range; on
 * oxygen. Call for an emergency assessment by a critical-care team and monitor continuously."
 */
export function plainSummary(news2: ScoredNews2): string {
  return `${plainFindings(news2)} ${actionNow(news2)}`;
}

/** The plain summary without what to do now (for where the action is shown on its own). */
export function plainFindings(news2: ScoredNews2): string {
  const score = `NEWS2 ${news2.complete ? '' : 'at least '}${news2.total}`;
  const red = ORDER.filter((p) => news2.scores[p] === 3).map((p) => PLAIN_NAMES[p]);
  const other = ORDER.filter((p) => {
    const s = news2.scores[p];
    return s !== null && s >= 1 && s < 3;
  }).map((p) => PLAIN_NAMES[p]);
  const findings: string[] = [];
  if (red.length > 0) findings.push(`${list(red)} ${red.length === 1 ? 'is' : 'are'} dangerously abnormal`);
  if (other.length > 0)
    findings.push(
      `${list(other)} ${other.length === 1 ? 'is' : 'are'} ${red.length > 0 ? 'also ' : ''}out of range`,
    );
  if ((news2.scores.airOrOxygen ?? 0) > 0) findings.push('on oxygen');
  const sentences = [`${RISK[news2.band]}, ${score}.`];
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

/**
 * The text a record's analysis shows: the plain summary of a rule-based analysis; an AI narrative as
 * it is.
 */
export function analysisText(analysis: Pick<AnalysisResult, 'analysis' | 'news2' | 'source'>): string {
  if (analysis.source === 'model') return analysis.analysis;
  return plainSummary(analysis.news2);
}

/**
 * The dashboard card's analysis (spec point 2): the plain summary of the patient's NEWS2, which the
 * server computed and sent with the patient, ending with the band's response (RCP Chart 4). No
 * request per card: the whole dashboard draws from the patient list.
 */
export function cardAnalysisText(news2: PatientNews2): string {
  return plainSummary(scoredNews2(news2));
}
