import { news2BandTitle, type Patient, VITAL_SIGN_OF_NEWS2 } from '@vigil/domain';
import { ValueSourceLine } from '@/components/provenance/value-source-line.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { cn } from '@/lib/utils.ts';
import { describeValueSource } from '@/lib/value-source.ts';
import { news2ParameterLabel, news2ParameterValues } from '../lib/news2-values.ts';

const SCORE_CLASS = [
  '',
  'bg-yellow-100 dark:bg-yellow-900/40',
  'bg-orange-100 dark:bg-orange-900/40',
  'bg-red-100 font-semibold text-red-800 dark:bg-red-950/60 dark:text-red-300',
];

/**
 * The patient's NEWS2 laid open (RCP 2017), as the server computed it from the values that count:
 * every parameter with its value, where and when it was measured, and its points; the total, risk
 * band, red score, missing parameters, minimum monitoring and the clinical response (Chart 4).
 */
export function News2Breakdown({ patient }: { patient: Patient }) {
  const { news2 } = patient;
  const values = news2ParameterValues(patient);
  const now = useNow();
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-medium text-sm">NEWS2 breakdown</h3>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">NEWS2 score of each parameter (0–3 points)</caption>
          <thead className="bg-muted/60 text-left text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Parameter
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Value
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Source
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {news2.parameters.map(({ parameter, score }) => {
              const source = describeValueSource(
                patient.sources[VITAL_SIGN_OF_NEWS2[parameter].patientField],
                news2.staleAfterMs,
                now,
              );
              return (
                <tr key={parameter} className="border-t">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {news2ParameterLabel(parameter)}
                  </th>
                  <td className="px-3 py-2 text-muted-foreground">{values[parameter] ?? 'Not recorded'}</td>
                  <td className="px-3 py-2">
                    <ValueSourceLine source={source} />
                  </td>
                  <td
                    className={cn('px-3 py-2 text-right tabular-nums', score !== null && SCORE_CLASS[score])}
                  >
                    {score === null ? 'Not scored' : score === 3 ? '3 (red)' : score}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t bg-muted/40 font-semibold">
              <th scope="row" className="px-3 py-2 text-left">
                Total
              </th>
              <td colSpan={2} className="px-3 py-2 font-normal text-muted-foreground text-xs">
                {news2.complete ? 'All 7 parameters scored' : 'Incomplete: a lower bound'}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{news2.total}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Clinical risk</dt>
        <dd className="font-medium">{news2BandTitle(news2.band)}</dd>
        <dt className="text-muted-foreground">Red score</dt>
        <dd className={news2.redScore ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
          {news2.redScore
            ? `Yes: 3 points in ${news2.redScoreParameters.map(news2ParameterLabel).join(', ')}`
            : 'No'}
        </dd>
        {news2.stale.length > 0 && (
          <>
            <dt className="text-muted-foreground">Stale</dt>
            <dd className="font-medium">{news2.stale.map(news2ParameterLabel).join(', ')}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Missing</dt>
        <dd>{news2.missing.length > 0 ? news2.missing.map(news2ParameterLabel).join(', ') : 'None'}</dd>
        <dt className="text-muted-foreground">Minimum monitoring</dt>
        <dd className="font-medium">{news2.monitoring.text}</dd>
        <dt className="text-muted-foreground">Response</dt>
        <dd>{news2.response}</dd>
      </dl>
    </div>
  );
}
