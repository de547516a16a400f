// What other modules may read of this module's tables (decision 041).

/** SQL text: the patient of the alert whose id is `idExpression`, a value (null for none). */
export const patientOfAlert = (idExpression: string) =>
  `(select x.patient_id from alerts x where x.id = ${idExpression})`;
