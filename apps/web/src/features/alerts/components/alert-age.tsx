import type { Alert } from '@vigil/domain';
import { useSecondTicks } from '@/hooks/use-second-ticks.ts';
import { alertAgeText } from '../lib/alert-display.ts';

/**
 * "Raised 5 min ago", kept to the second: an alert's age is read against its deadline ("escalates at
 * 5 min"), so it must not lag the page's half-minute clock (it read "4 min" at the escalation).
 */
export function AlertAge({ alert }: { alert: Pick<Alert, 'raisedAt' | 'confirmedAt'> }) {
  const now = useSecondTicks(true);
  return <span className="text-muted-foreground">{alertAgeText(alert, now)}</span>;
}
