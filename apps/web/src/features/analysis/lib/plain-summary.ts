import type { News2Summary } from '@vigil/domain';

/**
 * The card's analysis (spec point 2) in sentences a nurse reads at a glance: the plain findings and
 * the RCP Chart 4 response the server sent with the patient's NEWS2 (domain clinical/words.ts). No
 * request per card and nothing worded here: the whole dashboard draws from the patient list.
 */
export function cardAnalysisText(news2: Pick<News2Summary, 'findings' | 'response'>): string {
  return `${news2.findings} ${news2.response}`;
}
