import type { Patient } from '@vigil/domain';
import { BrainCircuit, Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { usePatientAnalysis } from '../api/get-patient-analysis.ts';
import type { AnalysisOrigin } from '../lib/analysis-service.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';
import { News2Breakdown } from './news2-breakdown.tsx';
import { PredictedTrend } from './predicted-trend.tsx';

const ORIGIN_LABEL: Record<Exclude<AnalysisOrigin, 'server'>, string> = {
  local: 'Computed on this device',
  fallback: 'Standard fallback',
};

/** AI Analysis (spec point 2): the server's NEWS2 analysis, with the score laid open. */
export function AnalysisCard({ patient }: { patient: Patient }) {
  const { data } = usePatientAnalysis(patient);

  return (
    <Card role="region" aria-labelledby="analysis-heading">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle id="analysis-heading" className="flex items-center gap-2">
            <BrainCircuit className="size-5 text-primary" aria-hidden="true" />
            AI Analysis
          </CardTitle>
          {data && (
            <div className="flex flex-wrap items-center gap-2">
              {/* Spec point 4: on the patient page an unlisted level shows green. */}
              <AlertLevelBadge level={data.alertLevel} unknownTone="green" />
              <Badge variant="outline">{data.source === 'model' ? 'AI narrative' : 'Rule-based NEWS2'}</Badge>
              {data.origin !== 'server' && <Badge variant="secondary">{ORIGIN_LABEL[data.origin]}</Badge>}
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent aria-live="polite">
        {!data ? (
          <div role="status" className="flex items-center gap-3 py-4 text-muted-foreground text-sm">
            <Spinner label="Analyzing data" className="[&_svg]:size-5" />
            Analyzing data...
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {(data.notice || data.error) && (
              <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <div className="flex flex-col gap-1">
                  {data.notice && <p>{data.notice}</p>}
                  {data.error && <p>Server analysis unavailable: {data.error}</p>}
                </div>
              </div>
            )}
            <p className="text-sm leading-relaxed">{data.analysis}</p>
            <PredictedTrend trend={data.predictedTrend} />
            {data.recommendations.length > 0 && (
              <div className="flex flex-col gap-2">
                <h3 className="font-medium text-sm">Recommendations</h3>
                <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
                  {data.recommendations.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
            )}
            <News2Breakdown news2={data.news2} patient={patient} />
            <p className="text-muted-foreground text-xs">Generated {formatDateTime(data.generatedAt)}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
