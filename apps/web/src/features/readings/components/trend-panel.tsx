import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { cn } from '@/lib/utils.ts';
import { type PlotWindow, plotOptions, seriesLayout } from '../lib/plot-options.ts';
import { type PanelSeries, type PanelSpec, panelSummary } from '../lib/trend-panels.ts';
import type { TrendPoint } from '../lib/trend-points.ts';

function Swatch({ series }: { series: PanelSeries }) {
  return (
    <svg width="22" height="10" viewBox="0 0 22 10" aria-hidden="true" className="shrink-0">
      {!series.isHollowPointsOnly && (
        <line
          x1="0"
          y1="5"
          x2="22"
          y2="5"
          stroke={series.color}
          strokeWidth="2"
          strokeDasharray={series.dash?.join(' ')}
        />
      )}
      <circle
        cx="11"
        cy="5"
        r="3.5"
        stroke={series.color}
        strokeWidth="1.5"
        fill={series.isHollowPointsOnly ? 'var(--card)' : series.color}
      />
    </svg>
  );
}

/**
 * One small-multiple panel: a title with its unit, a legend (line style and point shape, not colour
 * alone), and a uPlot canvas described for screen readers by an aria-label. Resizes with its box.
 */
export function TrendPanel({
  spec,
  points,
  window,
  period,
  height,
  syncKey,
  onCursor,
  onSelect,
  className,
}: {
  spec: PanelSpec;
  points: readonly TrendPoint[];
  window: PlotWindow;
  /** The window in words for the summary ("last 24 hours"). */
  period: string;
  height: number;
  syncKey: string;
  onCursor: (index: number | null) => void;
  /** A span dragged across the panel with a mouse (seconds since the epoch); null: no zooming. */
  onSelect: ((from: number, to: number) => void) | null;
  className?: string;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const data = useMemo((): uPlot.AlignedData => {
    const columns: (number | null)[][] = [];
    for (const { series, band } of seriesLayout(spec)) {
      columns.push(series.values(points));
      if (band) {
        const range = series.range!(points);
        columns.push(range.min, range.max);
      }
    }
    return [points.map((p) => p.timeMs / 1000), ...columns];
  }, [spec, points]);
  const dataRef = useRef(data);
  dataRef.current = data;
  const onCursorRef = useRef(onCursor);
  onCursorRef.current = onCursor;
  const windowRef = useRef(window);
  windowRef.current = window;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const canSelect = onSelect !== null;
  const summary = panelSummary(spec, points, period);
  const summaryRef = useRef(summary);
  summaryRef.current = summary;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const style = getComputedStyle(host);
    const theme = {
      axis: style.color,
      grid: style.borderTopColor,
      background: style.getPropertyValue('--card').trim() || '#fff',
      font: style.fontFamily,
    };
    const size = { width: Math.max(host.clientWidth, 120), height };
    const plot = new uPlot(
      plotOptions(
        spec,
        size,
        theme,
        uPlot.pxRatio,
        syncKey,
        (i) => onCursorRef.current(i),
        () => windowRef.current,
        canSelect ? (from, to) => onSelectRef.current?.(from, to) : null,
      ),
      dataRef.current,
      host,
    );
    // Labelled here too: a new height (crossing the phone breakpoint) makes a new canvas.
    plot.ctx.canvas.setAttribute('role', 'img');
    plot.ctx.canvas.setAttribute('aria-label', summaryRef.current);
    plotRef.current = plot;
    let width = size.width;
    const observer = new ResizeObserver(() => {
      const next = Math.max(host.clientWidth, 120);
      if (next === width) return;
      width = next;
      plot.setSize({ width, height });
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [spec, height, syncKey, canSelect]);

  // New points, or another window (its x range is read on each redraw).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window is read through its ref
  useEffect(() => {
    plotRef.current?.setData(data);
  }, [data, window.from, window.to, window.live]);

  // A live window ends at "now": re-apply the data each minute so it keeps sliding on an open page.
  useEffect(() => {
    if (!window.live) return;
    const timer = setInterval(() => plotRef.current?.setData(dataRef.current), 60_000);
    return () => clearInterval(timer);
  }, [window.live]);

  useEffect(() => {
    plotRef.current?.ctx.canvas.setAttribute('aria-label', summary);
  }, [summary]);

  const isSingle = spec.series.length === 1;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)} data-panel={spec.id}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 className="flex items-center gap-2 font-medium text-sm">
          {isSingle && <Swatch series={spec.series[0]!} />}
          {spec.title}
          {spec.unit && <span className="font-normal text-muted-foreground">({spec.unit})</span>}
        </h3>
        {!isSingle && (
          <ul
            className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs"
            aria-label={`${spec.title} legend`}
          >
            {spec.series.map((s) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <Swatch series={s} />
                {s.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div ref={hostRef} className="min-w-0 overflow-hidden border-border text-muted-foreground" />
    </div>
  );
}
