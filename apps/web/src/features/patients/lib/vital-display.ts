import {
  CONSCIOUSNESS,
  CORE_VITALS,
  formatVital,
  type News2Parameter,
  RESPIRATORY_RATE,
  VITAL_SIGN_BY_KEY,
  type VitalIcon,
  type VitalPatientField,
  type VitalValues,
} from '@vigil/domain';
import {
  type CoreVitalId,
  coreVitalDisplay,
  coreVitalIcon,
  coreVitalNews2,
  coreVitalPatientField,
} from '@/lib/core-vitals.ts';

// What a vital's card or tile shows, without the NEWS2 chart tables (the dashboard's first load
// stays light: the side of a scored value comes with the server's summary).

/**
 * A vital sign as a card or tile shows it: the spec's four (point 2) and the first two NEWS2
 * parameters, respiratory rate and level of consciousness (ACVPU), which a nurse reads at a glance
 * with the others (RCP NEWS2 Chart 1 lists them first).
 */
export type VitalCardKey = CoreVitalId | 'respiratoryRate' | 'consciousness';

/** The two NEWS2 parameters shown beside the spec's four, by their catalogue rows. */
export const NEWS2_EXTRAS = [
  { key: 'respiratoryRate', row: RESPIRATORY_RATE, label: 'Respiratory Rate', tileLabel: 'RR' },
  { key: 'consciousness', row: CONSCIOUSNESS, label: 'Consciousness', tileLabel: 'ACVPU' },
] as const;

/** Every vital a card shows, in the record's order: the spec's four, then RR and ACVPU. */
export const VITAL_CARD_KEYS: readonly VitalCardKey[] = [
  ...CORE_VITALS.map((v) => v.id),
  ...NEWS2_EXTRAS.map((v) => v.key),
];

/** The patient field whose source (class, time, device) a card shows. */
export function vitalCardPatientField(key: VitalCardKey): VitalPatientField {
  return key === 'respiratoryRate' || key === 'consciousness' ? key : coreVitalPatientField(key);
}

/** The icon a card or tile shows for its vital: its catalogue row's (@/lib/vital-icons.ts draws it). */
export function vitalCardIcon(key: VitalCardKey): VitalIcon {
  return key === 'respiratoryRate' || key === 'consciousness'
    ? VITAL_SIGN_BY_KEY[key].icon
    : coreVitalIcon(key);
}

/** The NEWS2 parameter a card's value feeds (RCP 2017 Chart 1). */
export function news2ParameterOf(key: VitalCardKey): News2Parameter {
  return key === 'respiratoryRate' || key === 'consciousness' ? key : coreVitalNews2(key);
}

/** The value and unit of a card: "18" "/min"; ACVPU as its letter and word ("C", "New confusion"). */
export function vitalCardDisplay(key: VitalCardKey, values: VitalValues): { value: string; unit: string } {
  if (key === 'respiratoryRate') {
    const rr = values.respiratoryRate;
    return {
      value: typeof rr === 'number' ? RESPIRATORY_RATE.display(rr) : '—',
      unit: RESPIRATORY_RATE.displayUnit,
    };
  }
  if (key === 'consciousness') {
    const level = values.consciousness;
    if (!level) return { value: '—', unit: '' };
    // "C – New confusion" → "C" and "New confusion".
    const [letter = level, word = ''] = formatVital(CONSCIOUSNESS, level).split(' – ');
    return { value: letter, unit: word };
  }
  return coreVitalDisplay(key, values);
}
