import { NEWS2_BAND_LABELS, type News2Band } from '@vigil/domain';

/**
 * Colour tones of the dashboard card. Colour always comes with text (band name, alert level), never
 * alone. IEC 60601-1-8 practice (docs/reference/clinical.md): high priority red, medium yellow.
 */
export type Tone = 'neutral' | 'green' | 'yellow' | 'orange' | 'red';

/** NEWS2 band (RCP 2017 Chart 4) to tone: low green, low–medium yellow, medium orange, high red. */
export function news2BandTone(band: News2Band): Tone {
  switch (band) {
    case 'high':
      return 'red';
    case 'medium':
      return 'orange';
    case 'low-medium':
      return 'yellow';
    case 'low':
      return 'green';
  }
}

/** Spec point 4: NORMAL green, ATTENTION yellow, URGENT orange, CRITICAL red, anything else grey. */

/** Badge classes per tone; contrast of text on fill is at least WCAG AA 4.5:1 in both themes. */
export const TONE_BADGE_CLASSES: Record<Tone, string> = {
  neutral: 'border-border bg-muted text-muted-foreground',
  green: 'border-green-600 bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-300',
  yellow: 'border-yellow-500 bg-yellow-50 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  orange: 'border-orange-500 bg-orange-50 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  red: 'border-transparent bg-red-700 text-white dark:bg-red-600',
};

/**
 * "NEWS2 7 · high"; an incomplete score is a minimum, so it reads "NEWS2 ≥3 · low". The band's name
 * is the domain's (clinical/words.ts).
 */
export function news2Label(news2: { total: number; band: News2Band; complete: boolean }): string {
  return `NEWS2 ${news2.complete ? '' : '≥'}${news2.total} · ${NEWS2_BAND_LABELS[news2.band]}`;
}
