import type uPlot from 'uplot';
import { formatClockTime } from '@/lib/date-time.ts';
import { type PanelSpec, panelRange } from './trend-panels.ts';

const HOUR_S = 3600;
export const WINDOW_S = 24 * HOUR_S;

export interface PlotTheme {
  /** Axis labels and reference lines (the card's muted text colour). */
  axis: string;
  grid: string;
  /** The card's background, filling hollow points. */
  background: string;
  font: string;
}

/** Dashed reference lines with their labels (NEWS2 5 medium, 7 high), drawn under the data. */
function drawThresholds(spec: PanelSpec, theme: PlotTheme, pxRatio: number) {
  return (u: uPlot) => {
    if (!spec.thresholds) return;
    const { ctx } = u;
    const { left, width } = u.bbox;
    ctx.save();
    ctx.strokeStyle = theme.axis;
    ctx.fillStyle = theme.axis;
    ctx.lineWidth = pxRatio;
    ctx.setLineDash([4 * pxRatio, 4 * pxRatio]);
    ctx.font = `${11 * pxRatio}px ${theme.font}`;
    // Labels at the left: the latest readings, on the right, are what the eye needs clear.
    ctx.textAlign = 'left';
    for (const { value, label, labelSide } of spec.thresholds) {
      const y = Math.round(u.valToPos(value, 'y', true));
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(left + width, y);
      ctx.stroke();
      ctx.textBaseline = labelSide === 'above' ? 'bottom' : 'top';
      ctx.fillText(label, left + 4 * pxRatio, labelSide === 'above' ? y - 2 * pxRatio : y + 2 * pxRatio);
    }
    ctx.restore();
  };
}

/**
 * uPlot options for one panel: the x axis is always the last 24 hours up to now (so every panel lines
 * up and the gap since the last reading is visible), 24-hour clock labels, the panel's y range, no
 * zooming by drag (a nurse scrolling on a phone must not zoom by accident), cursor synced across panels.
 */
export function plotOptions(
  spec: PanelSpec,
  size: { width: number; height: number },
  theme: PlotTheme,
  pxRatio: number,
  syncKey: string,
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const axisBase = {
    stroke: theme.axis,
    font: `12px ${theme.font}`,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
  };
  return {
    ...size,
    legend: { show: false },
    cursor: { sync: { key: syncKey }, drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: {
        time: true,
        range: () => {
          const now = Date.now() / 1000;
          return [now - WINDOW_S, now];
        },
      },
      y: { range: (_u, min, max) => panelRange(spec, min, max) },
    },
    axes: [
      {
        ...axisBase,
        space: 56,
        incrs: [HOUR_S, 2 * HOUR_S, 3 * HOUR_S, 6 * HOUR_S, 12 * HOUR_S],
        values: (_u, splits) => splits.map((s) => formatClockTime(new Date(s * 1000))),
      },
      {
        ...axisBase,
        size: 40,
        space: 24,
        values: (_u, splits) => splits.map((v) => v.toFixed(spec.decimals)),
      },
    ],
    series: [
      {},
      ...spec.series.map(
        (s): uPlot.Series =>
          s.isHollowPointsOnly
            ? {
                label: s.label,
                stroke: s.color,
                width: 0,
                paths: () => null,
                points: { show: true, size: 10, width: 2, stroke: s.color, fill: theme.background },
              }
            : {
                label: s.label,
                stroke: s.color,
                width: 2,
                dash: s.dash,
                spanGaps: true,
                points: { show: true, size: 6, width: 1, stroke: s.color, fill: s.color },
              },
      ),
    ],
    hooks: {
      drawAxes: [drawThresholds(spec, theme, pxRatio)],
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
    },
  };
}
