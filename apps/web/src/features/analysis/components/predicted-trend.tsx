import type { PredictedTrend as Trend } from '@vigil/domain';
import { MoveRight, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

const TREND = {
  IMPROVING: { icon: TrendingUp, text: 'Improving', className: 'text-green-700 dark:text-green-400' },
  STABLE: { icon: MoveRight, text: 'Stable', className: 'text-foreground' },
  DECLINING: { icon: TrendingDown, text: 'Declining', className: 'text-red-700 dark:text-red-400' },
} as const;

/** "Predicted trend: Declining" with an arrow; the word carries the meaning, the colour only helps. */
export function PredictedTrend({ trend, className }: { trend: Trend | undefined; className?: string }) {
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
