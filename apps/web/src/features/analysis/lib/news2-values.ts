import {
  type Consciousness,
  formatCelsius,
  NEWS2_PARAMETER_LABELS,
  type News2Band,
  type News2Parameter,
  type Patient,
  tenthsFToCelsius,
} from '@vigil/domain';

const ACVPU: Record<Consciousness, string> = {
  A: 'Alert (A)',
  C: 'New confusion (C)',
  V: 'Responds to voice (V)',
  P: 'Responds to pain (P)',
  U: 'Unresponsive (U)',
};

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
    respiratoryRate: patient.respiratoryRate === null ? null : `${patient.respiratoryRate} /min`,
    spo2: `${patient.oxygenLevel} % (scale ${patient.spo2Scale})`,
    airOrOxygen:
      patient.onSupplementalOxygen === null ? null : patient.onSupplementalOxygen ? 'Oxygen' : 'Air',
    systolicBP: `${patient.systolicBP} mmHg`,
    pulse: `${patient.pulse} /min`,
    consciousness: patient.consciousness === null ? null : ACVPU[patient.consciousness],
    temperature: `${formatCelsius(tenthsFToCelsius(patient.temperature))} °C`,
  };
}

export const NEWS2_BAND_LABEL: Record<News2Band, string> = {
  low: 'Low',
  'low-medium': 'Low–medium',
  medium: 'Medium',
  high: 'High',
};
