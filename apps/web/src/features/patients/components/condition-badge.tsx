import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';

/** Spec point 4: Critical red, Stable green, Improving blue, anything else yellow. */
export function conditionTone(condition: string): 'red' | 'green' | 'blue' | 'yellow' {
  if (condition === 'Critical') return 'red';
  if (condition === 'Stable') return 'green';
  if (condition === 'Improving') return 'blue';
  return 'yellow';
}

const SOLID = {
  red: 'bg-red-700 text-white border-transparent',
  green: 'bg-green-700 text-white border-transparent',
  blue: 'bg-blue-700 text-white border-transparent',
  yellow: 'bg-yellow-400 text-yellow-950 border-transparent',
} as const;

const OUTLINE = {
  red: 'border-red-600 text-red-700 dark:text-red-400',
  green: 'border-green-600 text-green-700 dark:text-green-400',
  blue: 'border-blue-600 text-blue-700 dark:text-blue-400',
  yellow: 'border-yellow-500 text-yellow-800 dark:text-yellow-300',
} as const;

/** The condition badge: solid on the patient page, outlined on the dashboard card (spec point 4). */
export function ConditionBadge({
  condition,
  variant = 'solid',
  className,
}: {
  condition: string;
  variant?: 'solid' | 'outline';
  className?: string;
}) {
  const tone = conditionTone(condition);
  return (
    <Badge
      variant="outline"
      data-condition-tone={tone}
      className={cn(variant === 'solid' ? SOLID[tone] : OUTLINE[tone], className)}
    >
      {condition}
    </Badge>
  );
}
