import { z } from 'zod';
import { VITAL_SIGNS, type VitalKey, type VitalPatientField } from '../vitals/catalogue.ts';
import { withPatientFields, withVitalKeys } from '../vitals/mappers.ts';
import { ReadingProvenance } from './provenance.ts';

/**
 * Where a patient's current value of one vital sign came from: its class, when it was measured,
 * and the device that measured it (null for a person's observation).
 */
export const VitalSource = z.object({
  provenance: ReadingProvenance,
  at: z.iso.datetime({ offset: true }),
  source: z.string().nullable(),
});
export type VitalSource = z.infer<typeof VitalSource>;

/** The source of each current vital value, by the catalogue's key; absent = never recorded. */
export type VitalSources = { [K in VitalKey]?: VitalSource };

/** The same on the wire: by the patient record's field names (`pulse`), as a patient carries them. */
export const PatientVitalSources = z.object(
  Object.fromEntries(VITAL_SIGNS.map((v) => [v.patientField, VitalSource.optional()])) as {
    [K in VitalPatientField]: z.ZodOptional<typeof VitalSource>;
  },
);
export type PatientVitalSources = z.infer<typeof PatientVitalSources>;

/** Sources by key → the wire's field names (`heartRate` → `pulse`). */
export const patientSourcesOf = (sources: VitalSources): PatientVitalSources => withPatientFields(sources);

/** A patient's sources (wire) by the catalogue's keys (`pulse` → `heartRate`). */
export const sourcesOfPatient = (wire: PatientVitalSources): VitalSources => withVitalKeys(wire);
