import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (serial) column: no record id can be above it. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id sent in a body: a positive whole number a serial column can hold, with messages that
 * name what the id is of ("patientId must be …").
 */
export function recordId(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be a positive number`)
    .max(MAX_RECORD_ID, `${label} is too large: there is no record with that id`)
    .int(`${label} must be a whole number`);
}

/** The same for a path parameter (`/patients/:id`), which arrives as text. */
export function recordIdParam(label: string) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be a positive number`)
    .max(MAX_RECORD_ID, `${label} is too large: there is no record with that id`)
    .int(`${label} must be a whole number`);
}
