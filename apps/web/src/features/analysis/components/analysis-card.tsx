import type { Patient } from '@vigil/domain';
import { BrainCircuit, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import { usePatientAnalysis } from '../api/get-patient-analysis.ts';
import { analysisErrorMessage } from '../lib/analysis-service.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';
import { News2Breakdown } from './news2-breakdown.tsx';
import { PredictedTrend } from './predicted-trend.tsx';

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}

function DoNow({
  isUrgent,
  action,
  findings,
  children,
}: {
  isUrgent: boolean;
  action: string;
  findings: string;
  children?: ReactNode;
}) {
  return (
    <div
      data-do-now=""
      className={cn(
        'flex flex-col gap-1.5 rounded-lg border p-3',
        isUrgent && 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40',
      )}
    >
      <h3 className="font-semibold text-sm">Do now</h3>
      <p className={cn('font-medium text-sm', isUrgent && 'text-red-800 dark:text-red-200')}>{action}</p>
      <p className="text-muted-foreground text-sm">{findings}</p>
      {children}
    </div>
  );
}

/**
 * AI Analysis (spec point 2): the server's analysis of the patient, leading with what to do now (RCP
 * NEWS2 Chart 4's response for the band) and the analysis in plain words, both as the server sent them; the full text, every
 * recommendation and the NEWS2 breakdown (the patient's, with the class and age of each value) fold
 * out. The page says each of these once: the monitor card folds its copy away. Without the server's
 * analysis it says why and shows the NEWS2 the patient carries, which the server computed too:
 * nothing is scored on this device.
 */
export function AnalysisCard({ patient }: { patient: Patient }) {
  const { data, error } = usePatientAnalysis(patient.id);
  const level = data?.alertLevel ?? patient.news2.alertLevel;
  const isUrgent = level === 'CRITICAL' || level === 'URGENT';

  return (
    <Card role="region" aria-labelledby="analysis-heading">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle id="analysis-heading" className="flex items-center gap-2">
            <BrainCircuit className="size-5 text-primary" aria-hidden="true" />
            AI Analysis
          </CardTitle>
          {(data || error) && (
            <div className="flex flex-wrap items-center gap-2">
              {/* Spec point 4: on the patient page an unlisted level shows green. */}
              <AlertLevelBadge level={level} unknownTone="green" />
              <Badge variant="outline">
                {data?.source === 'model' ? 'AI narrative' : 'Rule-based NEWS2'}
              </Badge>
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent aria-live="polite">
        {!data && error ? (
          <div className="flex flex-col gap-4">
            <Notice>
              <p>Server analysis unavailable: {analysisErrorMessage(error)}</p>
              <p>The NEWS2 below is the one the server sent with the patient.</p>
            </Notice>
            <DoNow isUrgent={isUrgent} action={patient.news2.response} findings={patient.news2.findings} />
            <News2Breakdown patient={patient} />
          </div>
        ) : !data ? (
          <div role="status" className="flex items-center gap-3 py-4 text-muted-foreground text-sm">
            <Spinner label="Analyzing data" className="[&_svg]:size-5" />
            Analyzing data...
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {(data.notice || data.error) && (
              <Notice>
                {data.notice && <p>{data.notice}</p>}
                {data.error && <p>Server analysis unavailable: {data.error}</p>}
              </Notice>
            )}
            {/* What to do now leads; the reasons and the full list fold out (said once on the page). */}
            <DoNow
              isUrgent={isUrgent}
              action={
                data.source === 'model'
                  ? (data.recommendations[0] ?? data.news2.response)
                  : data.news2.response
              }
              findings={data.source === 'model' ? data.analysis : data.news2.findings}
            >
              <PredictedTrend trend={data.predictedTrend} summary={data.trend} />
            </DoNow>
            <details className="group rounded-lg border">
              <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-sm hover:bg-muted/60">
                Full analysis, {data.recommendations.length} recommendation
                {data.recommendations.length === 1 ? '' : 's'} and NEWS2 breakdown
              </summary>
              <div className="flex flex-col gap-4 border-t p-3">
                <p className="text-sm leading-relaxed">{data.analysis}</p>
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
                <News2Breakdown patient={patient} />
              </div>
            </details>
            <p className="text-muted-foreground text-xs">Generated {formatDateTime(data.generatedAt)}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
