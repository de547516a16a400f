import type { PatientDevice } from '@vigil/domain';
import { Unplug } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { lostDevices } from '@/lib/value-source.ts';

/**
 * "Device lost at HH:MM" for each device of the patient the server marks lost, on every screen that
 * shows the patient (record header, card, monitor), live through the patient's events. A technical
 * alarm: dashed and grey-blue rather than the red of a physiological one (IEC 60601-1-8 practice,
 * docs/reference/clinical.md), with the words carrying the meaning.
 */
export function DeviceLostNotice({
  devices,
  className,
}: {
  devices: readonly PatientDevice[];
  className?: string;
}) {
  const lost = lostDevices(devices);
  if (lost.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {lost.map((device) => (
        <p
          key={device.linkId}
          role="status"
          data-device-lost=""
          className="flex items-start gap-1.5 rounded-md border border-slate-600 border-dashed bg-slate-100 px-2.5 py-1.5 text-slate-950 text-xs dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100"
        >
          <Unplug className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">{device.title}</span> · {device.detail}
          </span>
        </p>
      ))}
    </div>
  );
}
