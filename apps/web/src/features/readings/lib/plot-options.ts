import type uPlot from 'uplot';
import { formatClockTime, formatDayMonth } from '@/lib/date-time.ts';
import { type PanelSpec, panelRange } from './trend-panels.ts';

const HOUR_S = 3600;

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

/** The time a panel shows: a window ending now (`live`, the x axis slides), or a fixed span. */
export interface PlotWindow {
  /** Seconds since the epoch; `live`: the window's length up to now. */
  from: number;
  to: number;
  live: boolean;
}

/** The series' indexes in a panel's data: per series its line, then its lowest and highest when banded. */
export function seriesLayout(spec: PanelSpec) {
  let next = 1;
  return spec.series.map((s) => {
    const line = next++;
    const band = s.range ? { min: next++, max: next++ } : null;
    return { series: s, line, band };
  });
}

/**
 * uPlot options for one panel: the x axis is the window (so every panel lines up and the gap since
 * the last reading is visible; a live window slides to now), clock labels (with the day past a
 * day), the panel's y range, the range of a bucket shaded behind its line, cursor synced across
 * panels. Dragging across a panel with a mouse selects a span to zoom into (`onSelect`); a touch
 * scrolling on a phone never zooms.
 */
export function plotOptions(
  spec: PanelSpec,
  size: { width: number; height: number },
  theme: PlotTheme,
  pxRatio: number,
  syncKey: string,
  onCursor: (index: number | null) => void,
  window: () => PlotWindow,
  onSelect: ((from: number, to: number) => void) | null,
): uPlot.Options {
  const layout = seriesLayout(spec);
  const axisBase = {
    stroke: theme.axis,
    font: `12px ${theme.font}`,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
  };
  return {
    ...size,
    legend: { show: false },
    cursor: {
      sync: { key: syncKey },
      drag: { x: onSelect !== null, y: false, setScale: false },
      points: { size: 8 },
    },
    scales: {
      x: {
        time: true,
        range: () => {
          const { from, to, live } = window();
          if (!live) return [from, to];
          const now = Date.now() / 1000;
          return [now - (to - from), now];
        },
      },
      y: { range: (_u, min, max) => panelRange(spec, min, max) },
    },
    axes: [
      {
        ...axisBase,
        space: 56,
        values: (u, splits) => {
          const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
          return splits.map((s) =>
            span > 36 * HOUR_S
              ? `${formatDayMonth(s * 1000)} ${formatClockTime(s * 1000)}`
              : formatClockTime(s * 1000),
          );
        },
      },
      {
        ...axisBase,
        size: 40,
        space: 24,
        ...(spec.tickLabels ? { splits: () => spec.tickLabels!.map((_, i) => i) } : {}),
        values: (_u, splits) => splits.map((v) => spec.tickLabels?.[v] ?? v.toFixed(spec.decimals)),
      },
    ],
    series: [
      {},
      ...layout.flatMap(({ series: s, band }): uPlot.Series[] => {
        const line: uPlot.Series = s.isHollowPointsOnly
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
              // Points where they are far enough apart to see (uPlot's own rule): not on a dense stream.
              points: { size: 6, width: 1, stroke: s.color, fill: s.color },
            };
        if (!band) return [line];
        // The band's edges are not drawn: the shade between them is.
        const edge = (label: string): uPlot.Series => ({
          label,
          stroke: s.color,
          width: 0,
          points: { show: false },
        });
        return [line, edge(`${s.label} lowest`), edge(`${s.label} highest`)];
      }),
    ],
    bands: layout.flatMap(({ series: s, band }) =>
      band ? [{ series: [band.max, band.min] as [number, number], fill: `${s.color}33` }] : [],
    ),
    hooks: {
      drawAxes: [drawThresholds(spec, theme, pxRatio)],
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
      setSelect: [
        (u) => {
          if (!onSelect || u.select.width < 4) return;
          const from = u.posToVal(u.select.left, 'x');
          const to = u.posToVal(u.select.left + u.select.width, 'x');
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          onSelect(from, to);
        },
      ],
    },
  };
}
