import type { VitalIcon } from '@vigil/domain';
import { Activity, Droplet, HeartPulse, type LucideIcon, Thermometer } from 'lucide-react';

/**
 * The icon of each vital on a dashboard card's tiles, by the icon its catalogue row names (`icon`).
 * RR and ACVPU are named by their short labels alone: two more icons would weigh on the dashboard's
 * first load (its 170 KB budget) for no word a nurse needs. The patient page's cards draw theirs in
 * vital-icons.ts.
 */
export const VITAL_TILE_ICONS: Record<VitalIcon, LucideIcon | null> = {
  heart: HeartPulse,
  oxygen: Droplet,
  bloodPressure: Activity,
  temperature: Thermometer,
  breathing: null,
  consciousness: null,
};
