import {
  ACVPU_CHOICES,
  type Consciousness,
  formatVital,
  NEWS2_PARAMETER_LABELS,
  type News2Band,
  type News2Parameter,
  OXYGEN_LEVEL,
  type Patient,
  RESPIRATORY_RATE,
  SYSTOLIC_BP,
  TEMPERATURE,
} from '@vigil/domain';

/** "New confusion (C)": the catalogue's ACVPU label, its letter after it. */
const ACVPU = Object.fromEntries(
  ACVPU_CHOICES.map((c) => [c.value, `${c.label.split(' – ')[1]} (${c.value})`]),
) as Record<Consciousness, string>;

/** "respiratory rate" → "Respiratory rate", for a table row. */
export function news2ParameterLabel(parameter: News2Parameter): string {
  const label = NEWS2_PARAMETER_LABELS[parameter];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * The recorded value behind each NEWS2 parameter, as displayed (°C to one decimal, as scored); null
 * when the parameter is not recorded, which NEWS2 reports as missing rather than normal.
 */
export function news2ParameterValues(
  patient: Pick<
    Patient,
    | 'respiratoryRate'
    | 'oxygenLevel'
    | 'spo2Scale'
    | 'onSupplementalOxygen'
    | 'systolicBP'
    | 'pulse'
    | 'consciousness'
    | 'temperature'
  >,
): Record<News2Parameter, string | null> {
  return {
    respiratoryRate:
      patient.respiratoryRate === null ? null : formatVital(RESPIRATORY_RATE, patient.respiratoryRate),
    spo2: `${formatVital(OXYGEN_LEVEL, patient.oxygenLevel)} (scale ${patient.spo2Scale})`,
    airOrOxygen:
      patient.onSupplementalOxygen === null ? null : patient.onSupplementalOxygen ? 'Oxygen' : 'Air',
    systolicBP: formatVital(SYSTOLIC_BP, patient.systolicBP),
    // Per minute, as on the NEWS2 chart (RCP Chart 1), not the tiles' "bpm".
    pulse: `${patient.pulse} /min`,
    consciousness: patient.consciousness === null ? null : ACVPU[patient.consciousness],
    temperature: formatVital(TEMPERATURE, patient.temperature),
  };
}

export const NEWS2_BAND_LABEL: Record<News2Band, string> = {
  low: 'Low',
  'low-medium': 'Low–medium',
  medium: 'Medium',
  high: 'High',
};
