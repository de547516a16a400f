import { type Patient, patientPageVitalFlags, vitalsOfPatient } from '@vigil/domain';
import { type CoreVitalId, coreVitalDisplay } from '@/lib/core-vitals.ts';

export type VitalCardKey = CoreVitalId;

export interface VitalCardModel {
  key: VitalCardKey;
  label: string;
  value: string;
  unit: string;
  /** Null when within the patient-page limits; otherwise the value's side and the limit crossed. */
  flag: { direction: 'High' | 'Low'; limit: string } | null;
}

/**
 * The four vital cards of the patient page (spec point 2) with the patient-page thresholds of spec
 * point 5. A flag names the limit crossed, as alarm messages should (docs/reference/clinical.md, IEC 60601-1-8).
 */
export function vitalCardModels(
  patient: Pick<Patient, 'pulse' | 'oxygenLevel' | 'systolicBP' | 'diastolicBP' | 'temperature'>,
): VitalCardModel[] {
  const flags = patientPageVitalFlags(patient);
  const values = vitalsOfPatient(patient);
  return [
    {
      key: 'pulse',
      label: 'Pulse',
      ...coreVitalDisplay('pulse', values),
      flag:
        flags.pulse === 'high'
          ? { direction: 'High', limit: '> 100 bpm' }
          : flags.pulse === 'low'
            ? { direction: 'Low', limit: '< 60 bpm' }
            : null,
    },
    {
      key: 'oxygen',
      label: 'Oxygen Level',
      ...coreVitalDisplay('oxygen', values),
      flag: flags.oxygen === 'low' ? { direction: 'Low', limit: '< 95 %' } : null,
    },
    {
      key: 'bloodPressure',
      label: 'Blood Pressure',
      ...coreVitalDisplay('bloodPressure', values),
      flag: flags.bloodPressure === 'high' ? { direction: 'High', limit: bloodPressureLimit(patient) } : null,
    },
    {
      key: 'temperature',
      label: 'Temperature',
      ...coreVitalDisplay('temperature', values),
      flag:
        flags.temperature === 'high'
          ? { direction: 'High', limit: '> 37.5 °C' }
          : flags.temperature === 'low'
            ? { direction: 'Low', limit: '< 36.0 °C' }
            : null,
    },
  ];
}

function bloodPressureLimit(patient: Pick<Patient, 'systolicBP' | 'diastolicBP'>): string {
  const parts: string[] = [];
  if (patient.systolicBP > 140) parts.push('systolic > 140');
  if (patient.diastolicBP > 90) parts.push('diastolic > 90');
  return parts.join(', ');
}
