import {
  ACVPU_CHOICES,
  type Consciousness,
  formatVital,
  HEART_RATE,
  NEWS2_PARAMETER_LABELS,
  type News2Band,
  type News2Parameter,
  OXYGEN_LEVEL,
  type Patient,
  type PatientVitalValues,
  RESPIRATORY_RATE,
  SYSTOLIC_BP,
  TEMPERATURE,
  vitalsOfPatient,
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
  patient: PatientVitalValues & Pick<Patient, 'spo2Scale'>,
): Record<News2Parameter, string | null> {
  const v = vitalsOfPatient(patient);
  return {
    respiratoryRate: v.respiratoryRate === null ? null : formatVital(RESPIRATORY_RATE, v.respiratoryRate),
    spo2:
      v.oxygenLevel === null
        ? null
        : `${formatVital(OXYGEN_LEVEL, v.oxygenLevel)} (scale ${patient.spo2Scale})`,
    airOrOxygen: v.onSupplementalOxygen === null ? null : v.onSupplementalOxygen ? 'Oxygen' : 'Air',
    systolicBP: v.systolicBP === null ? null : formatVital(SYSTOLIC_BP, v.systolicBP),
    // Per minute, as on the NEWS2 chart (RCP Chart 1), not the tiles' "bpm".
    pulse: v.heartRate === null ? null : `${HEART_RATE.display(v.heartRate)} /min`,
    consciousness: v.consciousness === null ? null : ACVPU[v.consciousness],
    temperature: v.temperature === null ? null : formatVital(TEMPERATURE, v.temperature),
  };
}

export const NEWS2_BAND_LABEL: Record<News2Band, string> = {
  low: 'Low',
  'low-medium': 'Low–medium',
  medium: 'Medium',
  high: 'High',
};
