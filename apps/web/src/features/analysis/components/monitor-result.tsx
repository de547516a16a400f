import { type AnalysisResult, CORE_VITALS, type Patient, vitalsOfPatient } from '@vigil/domain';
import { useNow } from '@/hooks/use-now.ts';
import { type CoreVitalId, coreVitalDisplay, coreVitalPatientField } from '@/lib/core-vitals.ts';
import { describeValueSource } from '@/lib/value-source.ts';
import { MonitorVitalTile } from './monitor-vital-tile.tsx';
import { PredictedTrend } from './predicted-trend.tsx';

/** The four tiles (spec point 2), each with the analysis' assessment of its vital. */
const TILES: readonly { id: CoreVitalId; label: string; assessment: keyof AnalysisResult['vitalSigns'] }[] =
  CORE_VITALS.map(({ id, analysisLabel }) => ({ id, label: analysisLabel, assessment: id }));

function AnalysisDetail({ result }: { result: AnalysisResult }) {
  return (
    <>
      <p className="text-sm leading-relaxed">{result.analysis}</p>
      {result.recommendations.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">Recommendations</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {result.recommendations.map((recommendation) => (
              <li key={recommendation}>{recommendation}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * The analysed result: four tiles (the patient's current values, each with its class and age, and
 * the analysis' assessment), then predicted trend, analysis text and recommendations (spec point 2).
 */
export function MonitorResult({
  result,
  patient,
  isStale = false,
  isDetailFolded = false,
}: {
  result: AnalysisResult;
  patient: Patient;
  /** Folds the analysis text and recommendations away where another card on the page leads with them. */
  isDetailFolded?: boolean;
  /** Greys the values: the card says "Stale" above them. */
  isStale?: boolean;
}) {
  const { vitalSigns } = result;
  const vitals = vitalsOfPatient(patient);
  const now = useNow();
  return (
    <div className="flex flex-col gap-4">
      <ul
        className="grid grid-cols-2 gap-3"
        aria-label="Analysed vital signs"
        data-stale={isStale || undefined}
      >
        {TILES.map(({ id, label, assessment }) => (
          <MonitorVitalTile
            key={id}
            label={label}
            {...coreVitalDisplay(id, vitals)}
            source={describeValueSource(
              patient.sources[coreVitalPatientField(id)],
              patient.news2.staleAfterMs,
              now,
            )}
            isStale={isStale}
            assessment={vitalSigns[assessment]}
          />
        ))}
      </ul>
      <PredictedTrend trend={result.predictedTrend} summary={result.trend} />
      {isDetailFolded ? (
        // The page's AI Analysis card leads with the same text and recommendations: folded here, so
        // the record says each thing once.
        <details className="rounded-lg border">
          <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-sm hover:bg-muted/60">
            Analysis text and {result.recommendations.length} recommendation
            {result.recommendations.length === 1 ? '' : 's'} (as in AI Analysis)
          </summary>
          <div className="flex flex-col gap-4 border-t p-3">
            <AnalysisDetail result={result} />
          </div>
        </details>
      ) : (
        <AnalysisDetail result={result} />
      )}
    </div>
  );
}
