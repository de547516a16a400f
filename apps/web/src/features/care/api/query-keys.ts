// The care lists of a patient, keyed under the patient so that invalidating a patient reaches them.

export const notesQueryKey = (patientId: number) => ['patients', patientId, 'notes'] as const;

export const treatmentsQueryKey = (patientId: number) => ['patients', patientId, 'treatments'] as const;

export const medicationsQueryKey = (patientId: number) => ['patients', patientId, 'medications'] as const;

export const emergencyContactsQueryKey = (patientId: number) =>
  ['patients', patientId, 'emergency-contacts'] as const;
