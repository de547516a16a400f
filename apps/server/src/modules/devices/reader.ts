// What other modules may read of this module's tables (decision 041).

/** SQL text: the patient of the device link whose id is `idExpression`, a value (null for none). */
export const patientOfDeviceLink = (idExpression: string) =>
  `(select x.patient_id from device_links x where x.id = ${idExpression})`;

/** SQL text: the patient of the device token whose id is `idExpression`, a value (null for none). */
export const patientOfDeviceToken = (idExpression: string) =>
  `(select x.patient_id from device_tokens x where x.id = ${idExpression})`;
