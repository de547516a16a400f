// What other modules may read of this module's tables (decision 041).

/** SQL text: the patient of the treatment whose id is `idExpression`, a value (null for none). */
export const patientOfTreatment = (idExpression: string) =>
  `(select x.patient_id from treatments x where x.id = ${idExpression})`;

/** SQL text: the patient of the medication whose id is `idExpression`, a value (null for none). */
export const patientOfMedication = (idExpression: string) =>
  `(select x.patient_id from medications x where x.id = ${idExpression})`;

/** SQL text: the patient of the emergency contact whose id is `idExpression`, a value (null for none). */
export const patientOfEmergencyContact = (idExpression: string) =>
  `(select x.patient_id from emergency_contacts x where x.id = ${idExpression})`;
