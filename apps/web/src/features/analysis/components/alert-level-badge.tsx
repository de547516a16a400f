import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';
import { type AlertTone, alertLevelTone } from '../lib/alert-tone.ts';

// Solid fills with white or near-black text, all above WCAG AA 4.5:1 at badge size.
export const ALERT_TONE_CLASS: Record<AlertTone, string> = {
  green: 'border-transparent bg-green-700 text-white',
  yellow: 'border-transparent bg-yellow-300 text-yellow-950',
  orange: 'border-transparent bg-orange-700 text-white',
  red: 'border-transparent bg-red-700 text-white',
  grey: 'border-transparent bg-slate-600 text-white',
};

/**
 * An alert level or vital status as a coloured badge that also reads as text (never colour only).
 * `unknownTone` is grey on the monitor card and green on the patient page (spec point 4).
 */
export function AlertLevelBadge({
  level,
  unknownTone = 'grey',
  label,
  className,
}: {
  level: string;
  unknownTone?: 'grey' | 'green';
  /** Visible text; the level itself by default. */
  label?: string;
  className?: string;
}) {
  const tone = alertLevelTone(level, unknownTone);
  return (
    <Badge data-tone={tone} className={cn(ALERT_TONE_CLASS[tone], className)}>
      {label ?? level}
    </Badge>
  );
}
