import {
  type AnalysisResult,
  formatCelsius,
  tenthsFToCelsius,
  type VitalsAnalysisInput,
} from '@vigil/domain';
import { MonitorVitalTile } from './monitor-vital-tile.tsx';
import { PredictedTrend } from './predicted-trend.tsx';

/** The analysed result: four tiles, then predicted trend, analysis text and recommendations (spec point 2). */
export function MonitorResult({
  result,
  vitals,
  isStale = false,
}: {
  result: AnalysisResult;
  vitals: VitalsAnalysisInput;
  /** Greys the values: the card says "Stale" above them. */
  isStale?: boolean;
}) {
  const { vitalSigns } = result;
  return (
    <div className="flex flex-col gap-4">
      <ul
        className="grid grid-cols-2 gap-3"
        aria-label="Analysed vital signs"
        data-stale={isStale || undefined}
      >
        <MonitorVitalTile
          label="Heart rate"
          value={String(vitals.heartRate)}
          unit="bpm"
          isStale={isStale}
          assessment={vitalSigns.heartRate}
        />
        <MonitorVitalTile
          label="Oxygen level"
          value={String(vitals.oxygenLevel)}
          unit="%"
          isStale={isStale}
          assessment={vitalSigns.oxygenLevel}
        />
        <MonitorVitalTile
          label="Blood pressure"
          value={`${vitals.systolicBP}/${vitals.diastolicBP}`}
          unit="mmHg"
          isStale={isStale}
          assessment={vitalSigns.bloodPressure}
        />
        <MonitorVitalTile
          label="Temperature"
          value={formatCelsius(tenthsFToCelsius(vitals.temperature))}
          unit="°C"
          isStale={isStale}
          assessment={vitalSigns.temperature}
        />
      </ul>
      <PredictedTrend trend={result.predictedTrend} />
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
    </div>
  );
}
