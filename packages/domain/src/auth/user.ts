import { z } from 'zod';
import { PERMISSIONS } from './permissions.ts';
import { Role } from './roles.ts';

/**
 * The signed-in person as the API answers it (POST /api/login, /api/register, GET /api/user): their
 * role, the permissions it holds (the web app hides what they do not allow), and whether they must
 * choose a new password before anything else (after an administrator reset it).
 */
export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  role: Role,
  permissions: z.array(z.enum(PERMISSIONS)),
  mustChangePassword: z.boolean(),
});
export type User = z.infer<typeof User>;

/**
 * The readable cookie beside the HttpOnly session cookie that tells the web app a session was issued
 * (value "1"; `__Host-` prefixed over HTTPS). It carries no token and no identity.
 */
export const SIGNED_IN_HINT_COOKIE = 'vigil_signed_in';

/** POST /api/register in approval mode: the account waits for an administrator. */
export const PendingRegistration = z.object({ status: z.literal('pending'), message: z.string() });
export type PendingRegistration = z.infer<typeof PendingRegistration>;
