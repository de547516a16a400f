import { recordIdParam } from '@vigil/domain';
import { z } from 'zod';

/** `/:id` path parameters: a record id, with messages that name what the id is of. */
export function idParams(what: string) {
  return z.object({ id: recordIdParam(`${what} id`) });
}

export const PatientIdParams = idParams('Patient');
