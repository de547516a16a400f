import { z } from 'zod';
import { Password, Username } from './credentials.ts';
import { AccountStatus, REGISTRATION_MODES, Role } from './roles.ts';

const isoDate = z.string().datetime({ offset: true });

/** An account as the administration page lists it. */
export const Account = z.object({
  id: z.number().int(),
  username: z.string(),
  role: Role,
  status: AccountStatus,
  mustChangePassword: z.boolean(),
  lastSignInAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type Account = z.infer<typeof Account>;

/** An administrator's change to an account: its role, or approve (active) / disable. */
export const AccountUpdateInput = z
  .object({
    role: Role.optional(),
    status: z.enum(['active', 'disabled'], { error: 'status must be active or disabled' }).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.status !== undefined, {
    error: 'Send a role or a status to change',
  });
export type AccountUpdateInput = z.infer<typeof AccountUpdateInput>;

/** A reset password: shown once to the administrator, to be changed at the next sign-in. */
export const TemporaryPassword = z.object({ temporaryPassword: z.string() });

/**
 * An administrator creates an account for a colleague (POST /api/accounts): its username and role.
 * It is active at once, with a one-time password the person must change at their first sign-in.
 */
export const AccountCreateInput = z.object({ username: Username, role: Role }).strict();
export type AccountCreateInput = z.infer<typeof AccountCreateInput>;

/** The account created and its one-time password, shown once to the administrator. */
export const AccountCreated = z.object({ account: Account, temporaryPassword: z.string() });
export type AccountCreated = z.infer<typeof AccountCreated>;
export type TemporaryPassword = z.infer<typeof TemporaryPassword>;

export const PasswordChangeInput = z
  .object({
    currentPassword: z
      .string({ error: 'currentPassword is required' })
      .min(1, 'currentPassword is required')
      .max(1024, 'currentPassword is too long'),
    newPassword: Password,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    error: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export { PendingRegistration } from './user.ts';

export const PENDING_APPROVAL_MESSAGE =
  'Your account has been created and is pending approval by an administrator.';
export const ACCOUNT_PENDING_MESSAGE = 'Your account is pending approval by an administrator.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Ask your ward administrator.';
export const REGISTRATION_CLOSED_MESSAGE =
  'Registration is closed. Ask your ward administrator for an account.';
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Choose a new password before continuing.';

/** GET /api/register (public): how the sign-in page offers registration. */
export const RegistrationInfo = z.object({ mode: z.enum(REGISTRATION_MODES) });
export type RegistrationInfo = z.infer<typeof RegistrationInfo>;
