import {
  ACCOUNT_DISABLED_MESSAGE,
  ACCOUNT_PENDING_MESSAGE,
  canonicalUsername,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginInput,
  type RegistrationMode,
  type User,
  usernameKey,
} from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { type AuditActor, asUser } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { StreamsEndedData } from '../events/internal-events.ts';
import { createAccounts } from './accounts.ts';
import { createLoginThrottle, type LoginThrottleOptions } from './login-throttle.ts';
import { toUser } from './mappers.ts';
import { createTimingEqualiser, verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { createSessions, type IssuedSession } from './sessions.ts';
import type { ThrottleRepository } from './throttle-repository.ts';

export type { LoginThrottleOptions } from './login-throttle.ts';
export type { IssuedSession } from './sessions.ts';

/**
 * Who may use Vigil: sign-in (throttled: login-throttle.ts), sessions (sessions.ts), and accounts
 * (accounts.ts: registration, passwords, administration).
 */
export function createAuthService(deps: {
  repo: AuthRepository;
  /** The sign-in throttle's counters (login-throttle.ts). */
  counters: ThrottleRepository;
  database: Pick<Database, 'transaction'>;
  clock: Clock;
  throttle?: Partial<LoginThrottleOptions>;
  audit: Pick<AuditService, 'record' | 'recordIn'>;
  /** REGISTRATION: open, approval or closed. */
  registration: RegistrationMode;
  /**
   * What a user may see changed (role, status, a session ended): their open event streams end, on
   * every instance (those of one session, all of them, or all but those of `exceptSessionId`).
   */
  endStreams(ended: StreamsEndedData): Promise<void>;
  /** When a person leads a shift, read with their session (sessions.ts). */
  leadWindows?(userId: number, at: Date): Promise<readonly { from: Date; until: Date }[]>;
}) {
  const { repo, clock, audit } = deps;
  const sessions = createSessions(deps);
  const throttle = createLoginThrottle(deps);
  const accounts = createAccounts({ ...deps, sessions, throttle });
  const verifyNobody = createTimingEqualiser();

  return {
    registrationMode: () => deps.registration,
    ...accounts,

    /**
     * Signs in; the session the client held before (`previousToken`), if any, ends once the new one
     * is issued: a sign-in never keeps a session identifier that existed before it.
     */
    async login(
      input: LoginInput,
      actor: AuditActor,
      previousToken?: string,
    ): Promise<{ user: User; session: IssuedSession }> {
      const address = actor.address ?? 'unknown';
      const key = usernameKey(canonicalUsername(input.username));
      const failed = (row: { id: number; username: string; role: string } | undefined, detail: string) =>
        throttle.recordRefusal(actor, row, detail);
      let counted: Awaited<ReturnType<typeof throttle.countAttempt>>;
      try {
        counted = await throttle.countAttempt(key, address);
      } catch (error) {
        await failed(await repo.findUserByKey(key), 'too many attempts');
        throw error;
      }
      const row = await repo.findUserByKey(key);
      let ok = false;
      if (row) ok = await verifyPassword(row.password, input.password);
      else await verifyNobody(input.password); // same cost as a real check
      if (!row || !ok) {
        await failed(row, row ? 'wrong password' : 'unknown username');
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      }
      // Only after the password holds: the account's state is not told to someone guessing.
      if (row.status !== 'active') {
        await failed(row, `account ${row.status}`);
        throw row.status === 'pending'
          ? forbidden(ACCOUNT_PENDING_MESSAGE, 'ACCOUNT_PENDING')
          : forbidden(ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
      }
      await throttle.succeeded(counted);
      await throttle.rememberAddress(key, address);
      const session = await sessions.issue(row.id, input.rememberMe === true);
      if (previousToken) await sessions.endByToken(previousToken);
      await repo.setLastSignIn(row.id, clock.now());
      await audit.record({ actor: asUser(actor, row), action: 'sign-in', entityType: 'Session' });
      return { user: toUser(row), session };
    },

    /** Ends every other session of the caller (and their streams), keeping this one. */
    async signOutEverywhere(actor: AuditActor, sessionId: string | null) {
      if (actor.userId === null) throw unauthorized();
      await sessions.endAllOf(actor.userId, sessionId);
      await audit.record({
        actor,
        action: 'sign-out',
        entityType: 'Session',
        detail: 'other sessions ended',
      });
    },

    async recordSignOut(actor: AuditActor) {
      await audit.record({ actor, action: 'sign-out', entityType: 'Session' });
    },

    authenticate: sessions.authenticate,
    sessionsChanged: sessions.sessionsChanged,
    isSessionActive: sessions.isSessionActive,
    endSession: sessions.endSession,

    async purgeExpiredSessions(): Promise<void> {
      await sessions.purgeExpired();
      await throttle.purge();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
