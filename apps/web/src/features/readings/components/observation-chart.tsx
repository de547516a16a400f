import { useQuery } from '@tanstack/react-query';
import { news2ChartSections, type Patient } from '@vigil/domain';
import { ArrowLeft, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { CardLoading, CardReadProblem } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { cn } from '@/lib/utils.ts';
import { getChartDataQueryOptions } from '../api/get-chart-data.ts';
import {
  CHART_WINDOWS_H,
  type ChartWindowH,
  COLUMNS_PER_SHEET,
  chartColumns,
  chartSheets,
} from '../lib/chart-columns.ts';
import { trendPoints } from '../lib/trend-points.ts';
import { ObservationChartSheet } from './observation-chart-sheet.tsx';
import '@/components/print/print-alone.css';
import './observation-chart.css';

/**
 * The RCP NEWS2 observation chart of the last 24 or 72 hours, as A4 sheets: on screen as they will
 * print, and through the browser's print (the page's own CSS drops the app around it).
 */
export function ObservationChart({ patient, hours }: { patient: Patient; hours: ChartWindowH }) {
  const { data, error, isPending, dataUpdatedAt } = useQuery(getChartDataQueryOptions(patient.id, hours));
  const sections = useMemo(() => news2ChartSections(patient.spo2Scale), [patient.spo2Scale]);
  const sheets = useMemo(
    () => (data ? chartSheets(chartColumns(trendPoints(data, [], patient))) : []),
    [data, patient],
  );
  const to = new Date(dataUpdatedAt || Date.now());
  const from = new Date(to.getTime() - hours * 3_600_000);

  return (
    <div className="obs-chart print-alone mx-auto flex w-full max-w-[1100px] flex-col gap-4 p-4 md:p-6">
      <div className="obs-chart-no-print flex flex-col gap-3">
        <Link
          href={`/patient/${patient.id}`}
          className="inline-flex items-center gap-1.5 self-start rounded-sm text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Patient record
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-semibold text-2xl tracking-tight">Observation chart</h1>
          <div className="flex flex-wrap items-center gap-2">
            <nav aria-label="Chart period" className="flex gap-1 rounded-md bg-muted p-1">
              {CHART_WINDOWS_H.map((h) => (
                <Link
                  key={h}
                  href={`/patient/${patient.id}/chart?hours=${h}`}
                  aria-current={h === hours ? 'page' : undefined}
                  className={cn(
                    'rounded-sm px-3 py-1 font-medium text-sm',
                    h === hours ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
                  )}
                >
                  Last {h} hours
                </Link>
              ))}
            </nav>
            <Button type="button" onClick={() => window.print()} disabled={!data}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
        </div>
        <p className="text-muted-foreground text-sm">
          One column per hour with the newest value of each observation in it; up to {COLUMNS_PER_SHEET}{' '}
          columns on each A4 sheet.
        </p>
      </div>
      {isPending && <CardLoading label="Loading the observation chart" />}
      <CardReadProblem what="the observation chart" error={error} hasData={data !== undefined} />
      {data && sheets[0]?.length === 0 && (
        <p className="obs-chart-no-print text-sm">
          No observations in the last {hours} hours: the chart is blank.
        </p>
      )}
      {sheets.map((columns, index) => (
        <ScrollRegion
          key={columns[0]?.time ?? 'empty'}
          label={`Sheet ${index + 1} of ${sheets.length}`}
          className="obs-chart-page"
        >
          <ObservationChartSheet
            patient={patient}
            sections={sections}
            columns={columns}
            blankColumns={COLUMNS_PER_SHEET - columns.length}
            sheet={{ index, count: sheets.length }}
            window={{ hours, from, to }}
          />
        </ScrollRegion>
      ))}
    </div>
  );
}
