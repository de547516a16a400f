import {
  DIASTOLIC_BP,
  HEART_RATE,
  type News2Parameter,
  type NumericVitalSign,
  OXYGEN_LEVEL,
  SYSTOLIC_BP,
  TEMPERATURE,
  type VitalPatientField,
  type VitalValues,
} from '@vigil/domain';

/** The four vitals the spec shows on every card and tile (point 2); blood pressure is the pair. */
export type CoreVitalId = 'pulse' | 'oxygen' | 'bloodPressure' | 'temperature';

const ROWS: Record<CoreVitalId, readonly NumericVitalSign[]> = {
  pulse: [HEART_RATE],
  oxygen: [OXYGEN_LEVEL],
  bloodPressure: [SYSTOLIC_BP, DIASTOLIC_BP],
  temperature: [TEMPERATURE],
};

/**
 * A core vital as a tile shows it, by its catalogue rows: the value ("72", "120/80", "37.0" in °C)
 * and its unit ("bpm", "mmHg", "°C"). A value not measured shows as "—".
 */
export function coreVitalDisplay(id: CoreVitalId, values: VitalValues): { value: string; unit: string } {
  const rows = ROWS[id];
  const value = rows
    .map((vital) => {
      const v = values[vital.readingField];
      return typeof v === 'number' ? vital.display(v) : '—';
    })
    .join('/');
  return { value, unit: rows[0]!.displayUnit };
}

/**
 * The patient field whose source (class, time, device) a core vital shows: blood pressure is
 * measured as a pair, so the systolic value's source speaks for both.
 */
export const CORE_VITAL_FIELD: Record<CoreVitalId, VitalPatientField> = {
  pulse: 'pulse',
  oxygen: 'oxygenLevel',
  bloodPressure: 'systolicBP',
  temperature: 'temperature',
};

/** The NEWS2 parameter each core vital feeds (RCP 2017 Chart 1; diastolic BP is not scored). */
export const CORE_VITAL_NEWS2: Record<CoreVitalId, News2Parameter> = {
  pulse: 'pulse',
  oxygen: 'spo2',
  bloodPressure: 'systolicBP',
  temperature: 'temperature',
};
