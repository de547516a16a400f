// What other modules may read of this module's tables (decision 041).

/** SQL text: the patient of the handover whose id is `idExpression`, a value (null for none). */
export const patientOfHandover = (idExpression: string) =>
  `(select x.patient_id from handovers x where x.id = ${idExpression})`;
