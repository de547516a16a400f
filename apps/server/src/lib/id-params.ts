import { z } from 'zod';

/** `/:id` path parameters: a positive whole number, with messages that name what the id is of. */
export function idParams(what: string) {
  return z.object({
    id: z.coerce
      .number({ error: `${what} id must be a number` })
      .int(`${what} id must be a whole number`)
      .positive(`${what} id must be a positive number`),
  });
}

export const PatientIdParams = idParams('Patient');
