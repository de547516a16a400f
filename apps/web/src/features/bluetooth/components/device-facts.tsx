import { BatteryMedium, Clock } from 'lucide-react';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import type { DeviceRow } from '../lib/device-rows.ts';

/** Battery and when the device last sent: what a nurse checks before trusting its numbers. */
export function DeviceFacts({ row }: { row: DeviceRow }) {
  const isLow = row.batteryLevel !== null && row.batteryLevel < 20;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
      <div className="flex items-center gap-1">
        <BatteryMedium className="size-3.5" aria-hidden="true" />
        <dt>Battery</dt>
        <dd className={isLow ? 'font-semibold text-destructive' : 'text-foreground'} data-battery="">
          {row.batteryLevel === null ? '--' : `${row.batteryLevel}%`}
          {isLow && ' (low)'}
        </dd>
      </div>
      <div className="flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden="true" />
        <dt>Last reading</dt>
        <dd className="text-foreground">
          {row.lastReadingAt === null ? 'Never' : formatTimeOrDayTime(row.lastReadingAt)}
        </dd>
      </div>
    </dl>
  );
}
