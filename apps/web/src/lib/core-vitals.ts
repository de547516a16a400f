import {
  CORE_VITAL_BY_ID,
  type CoreVitalId,
  type News2Parameter,
  type VitalIcon,
  type VitalPatientField,
  type VitalValues,
} from '@vigil/domain';

/** The four vitals the spec shows on every card and tile (point 2), by catalogue key; blood pressure is the pair. */
export type { CoreVitalId } from '@vigil/domain';

/**
 * A core vital as a tile shows it, by its catalogue rows: the value ("72", "120/80", "37.0" in °C)
 * and its unit ("bpm", "mmHg", "°C"). A value not measured shows as "—".
 */
export function coreVitalDisplay(id: CoreVitalId, values: VitalValues): { value: string; unit: string } {
  const { rows } = CORE_VITAL_BY_ID[id];
  const value = rows
    .map((vital) => {
      const v = values[vital.key];
      return typeof v === 'number' ? vital.display(v) : '—';
    })
    .join('/');
  return { value, unit: rows[0].displayUnit };
}

/**
 * The patient field whose source (class, time, device) a core vital shows: its first row's (blood
 * pressure is measured as a pair, so the systolic value's source speaks for both).
 */
export function coreVitalPatientField(id: CoreVitalId): VitalPatientField {
  return CORE_VITAL_BY_ID[id].rows[0].patientField;
}

/** The icon of a core vital: its first row's (blood pressure's rows share theirs). */
export function coreVitalIcon(id: CoreVitalId): VitalIcon {
  return CORE_VITAL_BY_ID[id].rows[0].icon;
}

/** The NEWS2 parameter a core vital feeds: its first row's (RCP 2017 Chart 1; diastolic BP is not scored). */
export function coreVitalNews2(id: CoreVitalId): News2Parameter {
  return CORE_VITAL_BY_ID[id].rows[0].news2;
}
