import type { AlertPriority } from '@vigil/domain';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';
import { PRIORITY_STYLES, priorityLabel } from '../lib/alert-display.ts';

/** The IEC 60601-1-8 priority by name and colour: high red, medium yellow, low cyan. */
export function PriorityBadge({ priority, className }: { priority: AlertPriority; className?: string }) {
  return (
    <Badge data-priority={priority} className={cn('shrink-0', PRIORITY_STYLES[priority].badge, className)}>
      {priorityLabel(priority)}
    </Badge>
  );
}
