import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Patient, PROVENANCE_LABELS } from '@vigil/domain';
import { ChartLine } from 'lucide-react';
import { type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { cn } from '@/lib/utils.ts';
import { getPatientReadingsQueryOptions } from '../api/get-readings.ts';
import { getTrendQueryOptions, type TrendWindow, windowBounds } from '../api/get-trend.ts';
import type { PlotWindow } from '../lib/plot-options.ts';
import { trendPoints } from '../lib/trend-points.ts';
import { ReadingsTable } from './readings-table.tsx';

// uPlot and its CSS come with this chunk, on the patient page only.
const TrendChart = lazyWithRetry(() => import('./trend-chart.tsx').then((m) => ({ default: m.TrendChart })));

/** The windows a nurse picks from; drag across a chart with a mouse to zoom into a span of it. */
const WINDOWS_H = [6, 24, 72, 168] as const;
const windowLabel = (hours: number) => (hours < 48 ? `${hours} h` : `${hours / 24} days`);
/** The window in a sentence: "24 hours", "7 days". */
const windowWords = (hours: number) => (hours < 48 ? `${hours} hours` : `${hours / 24} days`);
/** A zoomed span shorter than this is widened to it: a minute is the shortest trend the server draws. */
const MIN_SPAN_MS = 60_000;

/**
 * "Vital signs trend": the patient's vital signs and the server's NEWS2 over a window (6 hours to 7
 * days, 24 hours first), from the server's bounded trend: every reading, or for a device's stream,
 * buckets drawn as the line of their last values over the band of their lowest and highest. Live
 * readings are drawn as they arrive. `data-points` on the chart box is the number of points plotted.
 */
export function VitalsTrendCard({ patient, mayCorrect }: { patient: Patient; mayCorrect: boolean }) {
  const titleId = useId();
  const [hours, setHours] = useState<number>(24);
  const [zoom, setZoom] = useState<{ fromMs: number; toMs: number } | null>(null);
  const window: TrendWindow = zoom ? { kind: 'span', ...zoom } : { kind: 'live', hours };
  const trend = useQuery({ ...getTrendQueryOptions(patient.id, window), placeholderData: keepPreviousData });
  const latest = useQuery(getPatientReadingsQueryOptions(patient.id));
  const { isDemo } = patient;
  const points = useMemo(
    () => (trend.data ? trendPoints(trend.data, zoom ? [] : (latest.data ?? []), { isDemo }) : []),
    [trend.data, latest.data, isDemo, zoom],
  );
  const bounds = windowBounds(window);
  const plotWindow: PlotWindow = { from: bounds.fromMs / 1000, to: bounds.toMs / 1000, live: !zoom };
  const period = zoom
    ? `${formatTimeOrDayTime(zoom.fromMs)} to ${formatTimeOrDayTime(zoom.toMs)}`
    : `last ${windowWords(hours)}`;
  // Where the plotted values came from, by class; a device's by name where the latest readings say it.
  const sources = useMemo(() => {
    const named = new Map<string, Set<string>>();
    for (const r of latest.data ?? []) {
      if (r.provenance === 'observation' || !r.deviceName) continue;
      const names = named.get(r.provenance) ?? new Set<string>();
      names.add(`${PROVENANCE_LABELS[r.provenance]} · ${r.deviceName}`);
      named.set(r.provenance, names);
    }
    const classes = [...new Set(points.map((p) => p.provenance))];
    return classes.flatMap((p) => [...(named.get(p) ?? [PROVENANCE_LABELS[p]])]);
  }, [latest.data, points]);
  const onSelect = (fromS: number, toS: number) => {
    const mid = ((fromS + toS) / 2) * 1000;
    const span = Math.max((toS - fromS) * 1000, MIN_SPAN_MS);
    setZoom({ fromMs: Math.round(mid - span / 2), toMs: Math.round(mid + span / 2) });
  };

  let content: ReactNode;
  if (trend.isPending) {
    content = <CardLoading className="py-6" label="Loading the trend" />;
  } else if (trend.isError && !trend.data) {
    content = <CardError what="the trend" error={trend.error} />;
  } else if (points.length === 0) {
    content = <p className="py-6 text-center text-muted-foreground text-sm">No readings in the {period}.</p>;
  } else {
    const data = trend.data!;
    content = (
      <Suspense fallback={<CardLoading className="py-6" label="Loading chart" />}>
        <TrendChart
          points={points}
          syncKey={`vitals-trend-${patient.id}`}
          window={plotWindow}
          period={period}
          onSelect={onSelect}
        />
        <p className="text-muted-foreground text-xs">
          {data.resolution === 'buckets'
            ? `${data.readingCount.toLocaleString('en-GB')} readings, drawn in intervals of ${formatBucket(data.bucketMs!)}: the line is each interval's last value, the shade its lowest to highest, and a dotted point the highest NEWS2 a reading in it scored. `
            : ''}
          NEWS2 as the server scores it, on the SpO2 scale in force at each time. A value a reading lacks is
          carried forward from the latest earlier one; a hollow point is incomplete (a parameter not recorded
          in the window), so its score is a minimum. A wearable's summary of a past window is not plotted: it
          is on the wearable card.
        </p>
      </Suspense>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ChartLine className="size-5 text-primary" aria-hidden="true" />
          Vital signs trend ({zoom ? 'zoomed' : windowLabel(hours)})
        </CardTitle>
        <CardDescription>
          Every reading from devices and ward observations, with its NEWS2. Drag across a chart to zoom in.
        </CardDescription>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-1 rounded-md bg-muted p-1">
            <legend className="sr-only">Trend period</legend>
            {WINDOWS_H.map((h) => (
              <button
                key={h}
                type="button"
                aria-pressed={!zoom && h === hours}
                onClick={() => {
                  setZoom(null);
                  setHours(h);
                }}
                className={cn(
                  'rounded-sm px-2.5 py-1 font-medium text-xs',
                  !zoom && h === hours ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
                )}
              >
                {windowLabel(h)}
              </button>
            ))}
          </fieldset>
          {zoom && (
            <Button variant="outline" size="sm" onClick={() => setZoom(null)}>
              Back to the last {windowWords(hours)}
            </Button>
          )}
          {trend.isFetching && !trend.isPending && (
            <span className="text-muted-foreground text-xs" role="status">
              Updating…
            </span>
          )}
        </div>
        {sources.length > 0 && (
          <p className="text-muted-foreground text-xs" data-trend-sources="">
            Sources: {sources.join(', ')}
          </p>
        )}
      </CardHeader>
      <CardContent
        data-trend-chart=""
        data-points={points.length}
        data-resolution={trend.data?.resolution}
        className="flex flex-col gap-3"
      >
        {trend.isError && trend.data && <CardStale what="the trend" error={trend.error} />}
        {content}
        <ReadingsTable patient={patient} readings={latest} points={points} mayCorrect={mayCorrect} />
      </CardContent>
    </Card>
  );
}

/** "1 min", "10 min", "5 s", "1 h". */
function formatBucket(ms: number): string {
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < 3_600_000) return `${ms / 60_000} min`;
  return `${ms / 3_600_000} h`;
}
