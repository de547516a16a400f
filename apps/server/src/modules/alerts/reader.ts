// What other modules may read of this module's tables (decision 041), as SQL text for their
// hand-written statements.

/** SQL text: the ids of the readings an alert names (the reading that raised it, or resolved it). */
export const readingsNamedByAlerts = `select raised_by_reading from alerts where raised_by_reading is not null
       union select resolved_by_reading from alerts where resolved_by_reading is not null`;

/** SQL text: the patient of the alert whose id is `idExpression`, a value (null for none). */
export const patientOfAlert = (idExpression: string) =>
  `(select x.patient_id from alerts x where x.id = ${idExpression})`;
