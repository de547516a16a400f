import { useQuery } from '@tanstack/react-query';
import { countsAsCurrent, type Patient, PROVENANCE_LABELS, type VitalReading } from '@vigil/domain';
import { ChartLine } from 'lucide-react';
import { type ReactNode, Suspense, useId, useMemo } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { getNews2SeriesQueryOptions } from '../api/get-news2-series.ts';
import { getPatientReadingsQueryOptions, READINGS_WINDOW_MS } from '../api/get-readings.ts';
import { trendPoints } from '../lib/trend-points.ts';
import { ReadingsTable } from './readings-table.tsx';

// uPlot and its CSS come with this chunk, on the patient page only.
const TrendChart = lazyWithRetry(() => import('./trend-chart.tsx').then((m) => ({ default: m.TrendChart })));

/** "Device · Polar H10", "Observation", "Simulation · Demo Device (Simulation)": a reading's origin. */
function sourceOf(reading: VitalReading): string {
  const label = PROVENANCE_LABELS[reading.provenance];
  return reading.provenance !== 'observation' && reading.deviceName
    ? `${label} · ${reading.deviceName}`
    : label;
}

/**
 * "Vital signs trend (24 h)": the last 24 hours of readings that count as the patient's state (grown
 * by live `reading` events, which applyLiveEvent appends to the same cache) as small multiples, the
 * server's NEWS2 per reading, and a table. `data-points` on the chart box is the number of readings
 * plotted.
 */
export function VitalsTrendCard({ patient }: { patient: Patient }) {
  const titleId = useId();
  const query = useQuery(getPatientReadingsQueryOptions(patient.id));
  const series = useQuery(getNews2SeriesQueryOptions(patient.id));
  const { isDemo } = patient;
  const { points, sources } = useMemo(() => {
    if (!query.data) return { points: [], sources: [] };
    // The cache drops readings older than the window only when new ones arrive; the card never shows them.
    const since = Date.now() - READINGS_WINDOW_MS;
    const counts = (r: VitalReading) => countsAsCurrent(r.provenance, { isDemo });
    const shown = query.data.filter((r) => Date.parse(r.readingTime) >= since && counts(r));
    return {
      points: trendPoints(shown, series.data ?? [], counts),
      // Where the plotted readings came from, by class (a simulated device's say "Simulation").
      sources: [...new Set(shown.map(sourceOf))],
    };
  }, [query.data, series.data, isDemo]);

  let content: ReactNode;
  if (query.isPending) {
    content = <CardLoading className="py-6" label="Loading readings" />;
  } else if (query.isError && !query.data) {
    content = <CardError what="the readings" error={query.error} />;
  } else if (points.length === 0) {
    content = (
      <p className="py-6 text-center text-muted-foreground text-sm">No readings in the last 24 hours.</p>
    );
  } else {
    content = (
      <>
        <Suspense fallback={<CardLoading className="py-6" label="Loading chart" />}>
          <TrendChart points={points} syncKey={`vitals-trend-${patient.id}`} />
        </Suspense>
        <p className="text-muted-foreground text-xs">
          NEWS2 of each reading as the server scores it, on this patient's SpO2 scale {patient.spo2Scale}. A
          value a reading lacks is carried forward from the latest earlier reading; a hollow point is
          incomplete (a parameter not recorded in the last 24 hours), so its score is a minimum. A wearable's
          summary of a past window is not plotted: it is on the wearable card.
        </p>
        {series.isError && (
          <p role="alert" className="text-destructive text-xs">
            Could not load the NEWS2 of each reading; the values are shown without it.
          </p>
        )}
        <ReadingsTable points={points} />
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ChartLine className="size-5 text-primary" aria-hidden="true" />
          Vital signs trend (24 h)
        </CardTitle>
        <CardDescription>Each reading from devices and ward observations, with its NEWS2.</CardDescription>
        {sources.length > 0 && (
          <p className="text-muted-foreground text-xs" data-trend-sources="">
            Sources: {sources.join(', ')}
          </p>
        )}
      </CardHeader>
      <CardContent data-trend-chart="" data-points={points.length} className="flex flex-col gap-3">
        {content}
      </CardContent>
    </Card>
  );
}
