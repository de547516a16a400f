import type { VitalIcon } from '@vigil/domain';
import { Brain, Droplets, Gauge, HeartPulse, type LucideIcon, Thermometer, Wind } from 'lucide-react';

/**
 * The icon of each vital on the patient page's cards: each catalogue row names its icon (`icon`),
 * and this draws the name as a lucide icon, for every vital. The dashboard's tiles draw theirs in
 * vital-tile-icons.ts, a module of its own so that these icons stay out of the dashboard's first
 * load (its 170 KB budget, decision 025).
 */
export const VITAL_CARD_ICONS: Record<VitalIcon, LucideIcon> = {
  heart: HeartPulse,
  oxygen: Droplets,
  bloodPressure: Gauge,
  temperature: Thermometer,
  breathing: Wind,
  consciousness: Brain,
};
