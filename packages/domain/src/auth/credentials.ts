import { z } from 'zod';
import { isMixedScript } from './username.ts';

/** Username bounds: 3–64 characters, unique regardless of case (enforced by the server). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
/** Password bounds: 8–128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const Username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{M}\p{N}._@-]+$/u, 'Username may contain only letters, digits and . _ @ -')
  .refine((name) => !isMixedScript(name), {
    error:
      'Username mixes letters of different alphabets (for example a Cyrillic "а" among Latin letters); write it in one alphabet',
  });

export const Password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Registration: the spec's user insert shape (username, password). */
export const RegisterInput = z.object({ username: Username, password: Password });
export type RegisterInput = z.infer<typeof RegisterInput>;

/**
 * Login: bounds are not re-checked here (a wrong password is a 401, not a 400), only presence.
 * `rememberMe` is the "Keep me signed in" checkbox: a persistent 30-day session.
 */
export const LoginInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(256, 'Username is too long: at most 256 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long: at most 1,024 characters'),
  rememberMe: z.boolean('rememberMe must be true or false').optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const USERNAME_TAKEN_MESSAGE = 'Username already exists';
