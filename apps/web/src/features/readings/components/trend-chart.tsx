import 'uplot/dist/uPlot.min.css';
import { useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile.ts';
import { formatClockTime } from '@/lib/date-time.ts';
import { TREND_PANELS } from '../lib/trend-panels.ts';
import type { TrendPoint } from '../lib/trend-points.ts';
import { TrendPanel } from './trend-panel.tsx';

/** "NEWS2 ≥3 · Respiratory rate 18 /min · SpO2 97 % · Blood pressure 120/80 mmHg · …", as the panels plot them. */
function readout(p: TrendPoint): string {
  const parts = [p.news2 ? `NEWS2 ${p.news2.complete ? '' : '≥'}${p.news2.total}` : 'NEWS2 pending'];
  for (const spec of TREND_PANELS) {
    if (spec.id === 'news2') continue;
    const [first, ...rest] = spec.series.map((s) => s.values([p])[0] ?? null);
    if (first === null || first === undefined) continue;
    const more = rest.map((v) => (v === null ? '' : `/${v.toFixed(spec.decimals)}`)).join('');
    parts.push(`${spec.title} ${first.toFixed(spec.decimals)}${more} ${spec.unit}`);
  }
  return parts.join(' · ');
}

/**
 * The trend chart (lazy-loaded with uPlot, so neither is in the first page's JavaScript): NEWS2 across
 * the top, then one panel per numeric vital sign. Above them, the values at the cursor (or
 * of the latest reading), read from the same points the panels plot.
 */
export function TrendChart({ points, syncKey }: { points: readonly TrendPoint[]; syncKey: string }) {
  const [cursorIndex, setCursorIndex] = useState<number | null>(null);
  const isMobile = useIsMobile();
  const shown = (cursorIndex !== null ? points[cursorIndex] : undefined) ?? points[points.length - 1];

  return (
    <div className="flex flex-col gap-4">
      {shown && (
        <p className="text-sm tabular-nums">
          <span className="font-medium">
            {cursorIndex === null ? 'Latest' : 'At'} {formatClockTime(new Date(shown.timeMs))}:
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
            height={spec.id === 'news2' ? (isMobile ? 170 : 190) : isMobile ? 140 : 160}
            syncKey={syncKey}
            onCursor={setCursorIndex}
            className={spec.id === 'news2' ? 'md:col-span-2' : undefined}
          />
        ))}
      </div>
    </div>
  );
}
