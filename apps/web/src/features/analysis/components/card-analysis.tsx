import type { PatientNews2 } from '@vigil/domain';
import { cardAnalysisText } from '../lib/plain-summary.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';

/**
 * The card's AI analysis (spec point 2): the alert level and the plain summary of the patient's NEWS2,
 * which came with the patient from the one list request (computed once, on the server). Nothing is
 * requested per card, so there is no "Analyzing data..." wait and no per-card failure; the full
 * analysis is on the record.
 */
export function CardAnalysis({ news2 }: { news2: PatientNews2 }) {
  return (
    <div className="flex flex-col gap-1.5 border-t pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-sm">AI analysis</p>
        <AlertLevelBadge level={news2.alertLevel} className="px-2 py-px text-[11px] tracking-wide" />
      </div>
      <p className="line-clamp-4 text-muted-foreground text-sm leading-snug">{cardAnalysisText(news2)}</p>
    </div>
  );
}

/** The same analysis as one line of text, for a dashboard card drawn as text (far from the viewport). */
export function CardAnalysisText({ news2 }: { news2: PatientNews2 }) {
  return (
    <p>
      AI analysis · {news2.alertLevel} · {cardAnalysisText(news2)}
    </p>
  );
}
