import { formatDateTime } from '@/lib/date-time.ts';
import { formatWindow, type WearableCardData } from '../lib/wearable-data.ts';

const shown = (value: number | null, unit: string, digits = 0) =>
  value === null ? '--' : `${value.toFixed(digits)}${unit}`;

/**
 * The wearable data card: WHOOP's summary of the patient's last sleep (resting heart rate, SpO2 asleep,
 * skin temperature) and its scores, with the window they describe. Wearable context, never the
 * patient's current vitals: these values do not enter NEWS2 (docs/decisions/014-provenance.md).
 */
export function WearableDataCard({ data }: { data: WearableCardData }) {
  const rows: [string, string][] = [
    ['Resting heart rate', shown(data.heartRate, ' bpm')],
    ['SpO2 (asleep)', shown(data.oxygenLevel, ' %')],
    ['Skin temperature', shown(data.skinTempCelsius, ' °C', 1)],
    ['Recovery', shown(data.recoveryScore, ' %')],
    ['Strain', shown(data.strain, '', 1)],
  ];
  return (
    <section aria-label="Wearable data" className="flex flex-col gap-3 rounded-lg border p-4">
      <p className="font-medium text-sm" data-wearable-window="">
        Wearable summary ·{' '}
        {data.window ? `${formatWindow(data.window.start, data.window.end)}, resting` : 'last scored sleep'}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="font-semibold text-lg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="grid gap-1 text-muted-foreground text-xs sm:grid-cols-2">
        <div>
          <dt className="inline">Reading time: </dt>
          <dd className="inline">{data.readingTime ? formatDateTime(data.readingTime) : 'Never'}</dd>
        </div>
        <div>
          <dt className="inline">Device: </dt>
          <dd className="inline">{data.deviceName}</dd>
        </div>
        <div>
          <dt className="inline">Connection: </dt>
          <dd className="inline">{data.connectionType}</dd>
        </div>
      </dl>
      <p className="text-muted-foreground text-xs">
        Context from the wearable, not the patient's current vitals: these values are not used in NEWS2. WHOOP
        measures no blood pressure; skin temperature is not core temperature.
      </p>
    </section>
  );
}
