import {
  ACVPU_CHOICES,
  type Consciousness,
  formatVital,
  NEWS2_PARAMETER_LABELS,
  NEWS2_VITAL_SIGNS,
  type News2Parameter,
  type News2VitalSign,
  type Patient,
  type PatientVitalValues,
  type Spo2Scale,
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

/** A recorded value as the breakdown shows it, by its catalogue row. */
function valueText(vital: News2VitalSign, value: unknown, spo2Scale: Spo2Scale): string {
  switch (vital.kind) {
    case 'boolean':
      return value ? vital.chartLabels.true : vital.chartLabels.false;
    case 'choice':
      return ACVPU[value as Consciousness];
    case 'number':
      // Per minute, as on the NEWS2 chart (RCP Chart 1), not the tiles' "bpm".
      if (vital.news2 === 'pulse') return `${vital.display(value as number)} /min`;
      return vital.news2 === 'spo2'
        ? `${formatVital(vital, value as number)} (scale ${spo2Scale})`
        : formatVital(vital, value as number);
  }
}

/**
 * The recorded value behind each NEWS2 parameter, as displayed (°C to one decimal, as scored); null
 * when the parameter is not recorded, which NEWS2 reports as missing rather than normal.
 */
export function news2ParameterValues(
  patient: PatientVitalValues & Pick<Patient, 'spo2Scale'>,
): Record<News2Parameter, string | null> {
  const values = vitalsOfPatient(patient);
  return Object.fromEntries(
    NEWS2_VITAL_SIGNS.map((vital) => {
      const value = values[vital.key];
      return [vital.news2, value === null ? null : valueText(vital, value, patient.spo2Scale)];
    }),
  ) as Record<News2Parameter, string | null>;
}
