import { z } from 'zod';
import { isMixedScript, lookAlikeProblem } from './username.ts';

/** Username bounds: 3–64 characters, unique regardless of case (enforced by the server). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
/** Password bounds: 8–128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The cheap checks run first and stop the rest (`abort`): a name over the length limit is never
 * matched against the character classes or the scripts, whose cost grows with its length.
 */
export const Username = z
  .string({ error: 'Username is required' })
  .max(USERNAME_MAX * 4, { error: `Username must be at most ${USERNAME_MAX} characters`, abort: true })
  .trim()
  .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters`, abort: true })
  .max(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters`, abort: true })
  .regex(/^[\p{L}\p{M}\p{N}._@-]+$/u, {
    error: 'Username may contain only letters, digits and . _ @ -',
    abort: true,
  })
  .superRefine((name, ctx) => {
    const problem = lookAlikeProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  })
  .refine((name) => !isMixedScript(name), {
    error:
      'Username mixes letters of different alphabets (for example a Cyrillic "а" among Latin letters); write it in one alphabet',
  });

export const Password = z
  .string({ error: 'Password is required' })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters`, abort: true })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

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
    .max(256, { error: 'Username is too long: at most 256 characters', abort: true })
    .trim()
    .min(1, 'Username is required'),
  password: z
    .string({ error: 'Password is required' })
    .max(1024, { error: 'Password is too long: at most 1,024 characters', abort: true })
    .min(1, 'Password is required'),
  rememberMe: z.boolean('rememberMe must be true or false').optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const USERNAME_TAKEN_MESSAGE = 'Username already exists';
export const USERNAME_CONFUSABLE_MESSAGE =
  'Username looks the same as an existing one (for example "l" for "1", or "0" for "O"): choose a name that reads differently';
