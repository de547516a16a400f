import { CloudOff } from 'lucide-react';
import { type ClientAnalysis, DEFAULT_ANALYSIS_ERROR } from '../lib/analysis-service.ts';
import { cardAnalysisText } from '../lib/plain-summary.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';

interface CardAnalysisProps {
  analysis: ClientAnalysis | undefined;
  isLoading: boolean;
  error: Error | null;
}

/**
 * The card's AI analysis (spec point 2): "Analyzing data..." while it loads. The service never throws;
 * when the server's answer is missing it returns a substitute (the same NEWS2 rules run here), shown
 * with an "Offline analysis" marker and the spec's message (the server's error, or "Failed to
 * analyze patient data").
 */
export function CardAnalysis({ analysis, isLoading, error }: CardAnalysisProps) {
  const isOffline = analysis !== undefined && analysis.origin !== 'server';
  const failure = error ? error.message || DEFAULT_ANALYSIS_ERROR : (analysis?.error ?? null);

  return (
    <div className="flex flex-col gap-1.5 border-t pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-sm">AI analysis</p>
        {analysis && (
          <AlertLevelBadge level={analysis.alertLevel} className="px-2 py-px text-[11px] tracking-wide" />
        )}
        {isOffline && (
          <span
            title={analysis.error ?? DEFAULT_ANALYSIS_ERROR}
            className="inline-flex items-center gap-1 rounded-full border border-dashed px-2 py-px text-[11px] text-muted-foreground"
          >
            <CloudOff className="size-3" aria-hidden="true" />
            Offline analysis
          </span>
        )}
      </div>
      {isLoading ? (
        <p className="text-muted-foreground text-sm">Analyzing data...</p>
      ) : analysis ? (
        <p className="line-clamp-4 text-muted-foreground text-sm leading-snug">
          {cardAnalysisText(analysis)}
        </p>
      ) : null}
      {failure && <p className="text-destructive text-xs">{failure}</p>}
    </div>
  );
}
