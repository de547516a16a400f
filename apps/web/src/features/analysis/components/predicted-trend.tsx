import type { PredictedTrend as Trend, TrendSummary } from '@vigil/domain';
import { CircleHelp, MoveRight, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

const TREND = {
  IMPROVING: { icon: TrendingUp, text: 'Improving', className: 'text-green-700 dark:text-green-400' },
  STABLE: { icon: MoveRight, text: 'Stable', className: 'text-foreground' },
  DECLINING: { icon: TrendingDown, text: 'Declining', className: 'text-red-700 dark:text-red-400' },
} as const;

/**
 * "Predicted trend: Declining" with an arrow; the word carries the meaning, the colour only helps.
 * A trend the server judged from too few readings (`trend.basis` "insufficient-data") is not shown
 * as "Stable": the screen says it cannot tell, and why, so nothing reassures that the data cannot
 * support.
 */
export function PredictedTrend({
  trend,
  summary,
  className,
}: {
  trend: Trend | undefined;
  /** The analysis's `trend`: its basis and the server's explanation. */
  summary?: TrendSummary | undefined;
  className?: string;
}) {
  if (summary?.basis === 'insufficient-data') {
    return (
      <p className={cn('flex flex-wrap items-center gap-x-2 text-sm', className)} data-trend="unknown">
        <span className="font-medium">Predicted trend</span>
        <span className="inline-flex items-center gap-1 font-semibold text-muted-foreground">
          <CircleHelp className="size-4" aria-hidden="true" />
          Too few readings to tell
        </span>
        <span className="text-muted-foreground text-xs">({summary.explanation})</span>
      </p>
    );
  }
  // Spec point 4: the predicted trend defaults to STABLE.
  const { icon: Icon, text, className: tone } = TREND[trend ?? 'STABLE'];
  return (
    <p className={cn('flex items-center gap-2 text-sm', className)}>
      <span className="font-medium">Predicted trend</span>
      <span className={cn('inline-flex items-center gap-1 font-semibold', tone)}>
        <Icon className="size-4" aria-hidden="true" />
        {text}
      </span>
    </p>
  );
}
