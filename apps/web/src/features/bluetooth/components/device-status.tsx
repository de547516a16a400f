import { cn } from '@/lib/utils.ts';
import { type DeviceRow, rowStatus, type StatusTone } from '../lib/device-rows.ts';

const TONES: Record<StatusTone, string> = {
  green: 'border-green-700/30 bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-300',
  amber: 'border-amber-700/30 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
  red: 'border-red-700/30 bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300',
  blue: 'border-blue-700/30 bg-blue-50 text-blue-800 dark:bg-blue-950/40 dark:text-blue-300',
  grey: 'border-border bg-muted text-muted-foreground',
};

/** A device's status as text in a coloured pill (never colour alone), with its reconnect line. */
export function DeviceStatus({ row }: { row: DeviceRow }) {
  const status = rowStatus(row);
  return (
    <div className="flex flex-col items-start gap-1" data-device-status={status.label}>
      <span
        className={cn(
          'inline-flex items-center rounded-full border px-2.5 py-0.5 font-medium text-xs',
          TONES[status.tone],
        )}
      >
        {status.label}
      </span>
      {status.detail && <span className="text-muted-foreground text-xs">{status.detail}</span>}
    </div>
  );
}
