import 'uplot/dist/uPlot.min.css';
import { useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile.ts';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import type { PlotWindow } from '../lib/plot-options.ts';
import { TREND_PANELS } from '../lib/trend-panels.ts';
import type { TrendPoint } from '../lib/trend-points.ts';
import { TrendPanel } from './trend-panel.tsx';

/**
 * "NEWS2 ≥3 · Respiratory rate 18 /min · SpO2 97 % · …", as the panels plot them; for a bucket of
 * readings, its count, its highest NEWS2 and each value's range ("SpO2 97 % (85–97)").
 */
function readout(p: TrendPoint): string {
  const news2 = p.news2
    ? `NEWS2 ${p.news2.complete ? '' : '≥'}${p.news2.total}${p.news2.highest > p.news2.total ? ` (up to ${p.news2.highest})` : ''}`
    : 'NEWS2 pending';
  const parts = [news2];
  for (const spec of TREND_PANELS) {
    if (spec.id === 'news2') continue;
    const [first, ...rest] = spec.series.map((s) => s.values([p])[0] ?? null);
    if (first === null || first === undefined) continue;
    const fmt = (v: number) => spec.tickLabels?.[v] ?? v.toFixed(spec.decimals);
    const more = rest.map((v) => (v === null ? '' : `/${fmt(v)}`)).join('');
    const range = spec.series[0]!.range?.([p]);
    const spread =
      range && range.min[0] !== range.max[0] && range.min[0] != null && range.max[0] != null
        ? ` (${fmt(range.min[0])}–${fmt(range.max[0])})`
        : '';
    parts.push(`${spec.title} ${fmt(first)}${more}${spec.tickLabels ? '' : ` ${spec.unit}`}${spread}`);
  }
  if (p.count > 1) parts.unshift(`${p.count} readings`);
  return parts.join(' · ');
}

/** NEWS2 tallest, ACVPU (five levels) shortest; a little shorter on a phone. */
function panelHeight(id: string, isMobile: boolean): number {
  if (id === 'news2') return isMobile ? 160 : 190;
  if (id === 'consciousness') return isMobile ? 90 : 110;
  return isMobile ? 125 : 160;
}

/**
 * The trend chart (lazy-loaded with uPlot, so neither is in the first page's JavaScript): NEWS2 across
 * the top, then one panel per numeric vital sign. Above them, the values at the cursor (or
 * of the latest reading), read from the same points the panels plot.
 */
export function TrendChart({
  points,
  syncKey,
  window,
  period,
  onSelect,
}: {
  points: readonly TrendPoint[];
  syncKey: string;
  window: PlotWindow;
  period: string;
  onSelect: ((from: number, to: number) => void) | null;
}) {
  const [cursorIndex, setCursorIndex] = useState<number | null>(null);
  const isMobile = useIsMobile();
  const shown = (cursorIndex !== null ? points[cursorIndex] : undefined) ?? points[points.length - 1];

  return (
    <div className="flex flex-col gap-4">
      {shown && (
        <p className="text-sm tabular-nums">
          <span className="font-medium">
            {cursorIndex === null ? 'Latest' : 'At'} {formatTimeOrDayTime(shown.timeMs)}:
          </span>{' '}
          {readout(shown)}
        </p>
      )}
      <div className="grid gap-x-8 gap-y-5 md:grid-cols-2">
        {TREND_PANELS.map((spec) => (
          <TrendPanel
            key={spec.id}
            spec={spec}
            points={points}
            window={window}
            period={period}
            onSelect={onSelect}
            height={panelHeight(spec.id, isMobile)}
            syncKey={syncKey}
            onCursor={setCursorIndex}
            className={spec.id === 'news2' ? 'md:col-span-2' : undefined}
          />
        ))}
      </div>
    </div>
  );
}
