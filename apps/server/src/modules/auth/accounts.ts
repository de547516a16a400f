import {
  type Account,
  type AccountCreated,
  type AccountCreateInput,
  type AccountUpdateInput,
  canonicalUsername,
  type PasswordChangeInput,
  PENDING_APPROVAL_MESSAGE,
  type PendingRegistration,
  REGISTRATION_CLOSED_MESSAGE,
  type RegisterInput,
  type RegistrationMode,
  ROLE_LABELS,
  USERNAME_CONFUSABLE_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  type User,
  usernameKey,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { type AuditActor, asUser } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { toAccount, toUser } from './mappers.ts';
import { hashPassword, temporaryPassword, verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import type { IssuedSession, Sessions } from './sessions.ts';
import { usernameSkeleton } from './skeleton.ts';

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** Accounts: registration, one's own password, and what administrators do to accounts. */
export function createAccounts(deps: {
  repo: AuthRepository;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  /** REGISTRATION: open, approval or closed. */
  registration: RegistrationMode;
  sessions: Pick<Sessions, 'issue' | 'endAllOf' | 'endStreams'>;
  throttle: Pick<LoginThrottle, 'countAttempt' | 'succeeded'>;
}) {
  const { repo, clock, audit, sessions, throttle } = deps;

  return {
    /**
     * Registers a nurse: signed in at once (open), or pending an administrator's approval
     * (approval); refused when closed. The first account of an empty database is always an active
     * administrator, whatever the mode (someone has to approve the others).
     */
    async register(
      input: RegisterInput,
      actor: AuditActor,
    ): Promise<{ user: User; session: IssuedSession } | { pending: PendingRegistration }> {
      const passwordHash = await hashPassword(input.password);
      const username = canonicalUsername(input.username);
      const mode = deps.registration;
      if (mode === 'closed' && (await repo.countActiveAdministrators()) > 0) {
        throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'REGISTRATION_CLOSED');
      }
      const row = await repo.insertUser(
        username,
        usernameKey(username),
        usernameSkeleton(username),
        passwordHash,
        {
          role: 'nurse',
          status: mode === 'open' ? 'active' : 'pending',
        },
      );
      if (row === 'taken') throw badRequest(USERNAME_TAKEN_MESSAGE, 'USERNAME_TAKEN');
      if (row === 'confusable') throw badRequest(USERNAME_CONFUSABLE_MESSAGE, 'USERNAME_CONFUSABLE');
      if (row.status === 'pending') {
        await audit.record({
          actor: asUser(actor, row),
          action: 'create',
          entityType: 'User',
          entityId: row.id,
          detail: 'registered, pending approval',
        });
        return { pending: { status: 'pending', message: PENDING_APPROVAL_MESSAGE } };
      }
      await repo.setLastSignIn(row.id, clock.now());
      await audit.record({
        actor: asUser(actor, row),
        action: 'create',
        entityType: 'User',
        entityId: row.id,
        detail: `registered as ${row.role}`,
      });
      return { user: toUser(row), session: await sessions.issue(row.id, false) };
    },

    /**
     * Changes one's own password: the current one must hold; the other sessions end. The check of
     * the current password is a sign-in's: counted against the same limits first, and every refusal
     * is audited (a stolen session must not make it a password oracle).
     */
    async changePassword(actor: AuditActor, sessionId: string | null, input: PasswordChangeInput) {
      const row = actor.userId === null ? undefined : await repo.findUserById(actor.userId);
      if (!row) throw unauthorized();
      const refused = (why: string) =>
        audit.record({
          actor,
          action: 'update',
          entityType: 'User',
          entityId: row.id,
          outcome: 'failure',
          detail: `password change refused: ${why}`,
        });
      let counted: Awaited<ReturnType<typeof throttle.countAttempt>>;
      try {
        counted = await throttle.countAttempt(usernameKey(row.username), actor.address ?? 'unknown');
      } catch (error) {
        await refused('too many attempts');
        throw error;
      }
      if (!(await verifyPassword(row.password, input.currentPassword))) {
        await refused('the current password is not correct');
        throw badRequest('currentPassword: the current password is not correct', 'INVALID_CURRENT_PASSWORD');
      }
      await throttle.succeeded(counted);
      await repo.updateAccount(row.id, {
        password: await hashPassword(input.newPassword),
        mustChangePassword: false,
      });
      await sessions.endAllOf(row.id, sessionId);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'User',
        entityId: row.id,
        detail: 'password changed',
      });
      return toUser({ ...row, mustChangePassword: false });
    },

    listAccounts: async (): Promise<Account[]> => (await repo.listAccounts()).map(toAccount),

    /**
     * An administrator creates an account for a colleague, with its role, active at once, and a
     * one-time password shown only in this answer: the person must choose their own at the first
     * sign-in (as after a reset). Look-alike and taken usernames are refused as at registration.
     */
    async createAccount(actor: AuditActor, input: AccountCreateInput): Promise<AccountCreated> {
      const username = canonicalUsername(input.username);
      const password = temporaryPassword();
      const row = await repo.insertUser(
        username,
        usernameKey(username),
        usernameSkeleton(username),
        await hashPassword(password),
        { role: input.role, status: 'active', mustChangePassword: true },
      );
      if (row === 'taken') throw badRequest(USERNAME_TAKEN_MESSAGE, 'USERNAME_TAKEN');
      if (row === 'confusable') throw badRequest(USERNAME_CONFUSABLE_MESSAGE, 'USERNAME_CONFUSABLE');
      await audit.record({
        actor,
        action: 'create',
        entityType: 'User',
        entityId: row.id,
        detail: `created by an administrator as ${ROLE_LABELS[input.role]}, password to change at first sign-in`,
      });
      const account = await repo.getAccount(row.id);
      return { account: toAccount(account!), temporaryPassword: password };
    },

    /**
     * An administrator approves, disables or re-enables an account, or changes its role. Disabling
     * ends the account's sessions and streams at once. The last active administrator can be neither
     * disabled nor demoted (nobody could administer the ward after).
     */
    async updateAccount(actor: AuditActor, id: number, input: AccountUpdateInput): Promise<Account> {
      // The check and the change in one transaction under one lock, so two administrators demoting
      // each other at the same moment cannot both pass the check.
      const result = await repo.updateAccountKeepingAdministrator(id, {
        ...(input.role ? { role: input.role } : {}),
        ...(input.status ? { status: input.status } : {}),
      });
      if (result.outcome === 'not-found') throw notFound(ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
      if (result.outcome === 'last-administrator') {
        throw conflict(
          'This is the last active administrator: make another account administrator first',
          'LAST_ADMINISTRATOR',
        );
      }
      const { before: current, after: updated } = result;
      if (input.status === 'disabled') await sessions.endAllOf(id, null);
      // A new role or status: what the person may see changed, so their open streams end now (the
      // client reconnects under what they may do now).
      else if (current.role !== updated.role || current.status !== updated.status) {
        await sessions.endStreams({ userId: id });
      }
      const changes = [
        input.role && input.role !== current.role
          ? `role ${ROLE_LABELS[current.role]} → ${ROLE_LABELS[input.role]}`
          : null,
        input.status && input.status !== current.status ? `status ${current.status} → ${input.status}` : null,
      ].filter(Boolean);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'User',
        entityId: id,
        detail: changes.length ? changes.join('; ') : 'no change',
      });
      return toAccount(updated);
    },

    /**
     * Resets an account's password to a temporary one, shown once to the administrator; the person
     * must choose a new one at their next sign-in. Their sessions end.
     */
    async resetPassword(actor: AuditActor, id: number): Promise<{ temporaryPassword: string }> {
      const current = await repo.getAccount(id);
      if (!current) throw notFound(ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
      const password = temporaryPassword();
      await repo.updateAccount(id, {
        password: await hashPassword(password),
        mustChangePassword: true,
      });
      await sessions.endAllOf(id, null);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'User',
        entityId: id,
        detail: 'password reset',
      });
      return { temporaryPassword: password };
    },

    /**
     * Every account's skeleton as the rule computes it now (start-up): accounts from before
     * look-alike checks get theirs, and those computed by an earlier rule (marks kept) are
     * recomputed; a migration cannot compute UTS #39 in SQL. Earlier look-alikes keep their
     * accounts; new ones are refused.
     */
    async fillSkeletons(): Promise<void> {
      for (const user of await repo.skeletons()) {
        const skeleton = usernameSkeleton(user.username);
        if (user.skeleton !== skeleton) await repo.setSkeleton(user.id, skeleton);
      }
    },
  };
}
