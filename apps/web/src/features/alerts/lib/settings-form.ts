import type { AlertSettings } from '@vigil/domain';
import { z } from 'zod';

/** The settings form in the units a ward manager thinks in: minutes, and seconds for confirmation. */
const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label} must be ${min}–${max} ${unit}`)
    .max(max, `${label} must be ${min}–${max} ${unit}`);

export const SettingsForm = z.object({
  high: wholeNumber('High priority', 1, 60, 'min'),
  medium: wholeNumber('Medium priority', 1, 360, 'min'),
  low: wholeNumber('Low priority', 1, 1440, 'min'),
  confirmSeconds: wholeNumber('Confirmation', 0, 600, 's'),
});

export function settingsToForm(settings: AlertSettings) {
  return {
    high: Math.round(settings.acknowledgeWithinMs.high / 60_000),
    medium: Math.round(settings.acknowledgeWithinMs.medium / 60_000),
    low: Math.round(settings.acknowledgeWithinMs.low / 60_000),
    confirmSeconds: Math.round(settings.confirmDeviceAfterMs / 1000),
  };
}

export function settingsFromForm(values: z.output<typeof SettingsForm>): AlertSettings {
  return {
    acknowledgeWithinMs: {
      high: values.high * 60_000,
      medium: values.medium * 60_000,
      low: values.low * 60_000,
    },
    confirmDeviceAfterMs: values.confirmSeconds * 1000,
  };
}

/** "5 min", "1 h", "1 h 30 min". */
export function minutesText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}
