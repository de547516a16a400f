import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { type AuditActor, asUser } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { ThrottleRepository } from './throttle-repository.ts';

/**
 * Sign-in throttling (OWASP credential-stuffing guidance): attempts are counted per username and
 * address pair (strict), per username and per address (looser), before the password is checked,
 * in the database so every instance shares the counts. Past a limit the key is refused for a delay
 * that doubles with each further attempt. A username's own limit is not applied from an address it
 * signed in from before, so a stranger's guesses cannot lock a nurse out of their ward PC.
 */
export interface LoginThrottleOptions {
  /** Attempts per username from one address in a window. */
  perPair: number;
  /** Attempts per username from addresses it never signed in from. */
  perUsername: number;
  /** Attempts per client address, whatever the username. */
  perAddress: number;
  windowSeconds: number;
  /** The first refusal lasts this long; each further attempt past the limit doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  perPair: 5,
  perUsername: 20,
  perAddress: 100,
  windowSeconds: 15 * 60,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

/** Addresses a username signed in from are remembered this long. */
const KNOWN_ADDRESS_MS = 90 * 86_400_000;

/** The counters an attempt was counted against, to give back when its password holds. */
export interface CountedAttempt {
  pair: string;
  shared: string[];
}

/** The attempts counted before a password is checked, and the refused ones written to the trail. */
export function createLoginThrottle(deps: {
  counters: ThrottleRepository;
  clock: Clock;
  throttle?: Partial<LoginThrottleOptions>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { counters, clock, audit } = deps;
  const throttle = { ...DEFAULT_LOGIN_THROTTLE, ...deps.throttle };

  return {
    /** Counts this attempt (before any password check) or refuses it with the time to wait. */
    async countAttempt(key: string, address: string): Promise<CountedAttempt> {
      const pair = `pair:${key}|${address}`;
      const shared = [
        ...((await counters.isKnownAddress(key, address))
          ? []
          : [{ key: `user:${key}`, maxAttempts: throttle.perUsername }]),
        { key: `addr:${address}`, maxAttempts: throttle.perAddress },
      ];
      const { blocked } = await counters.countAttempt(
        [{ key: pair, maxAttempts: throttle.perPair }, ...shared],
        clock.now(),
        throttle,
      );
      if (blocked.length > 0) {
        const waitMs = Math.max(
          ...blocked.map((b) => b.blockedUntil.getTime() - clock.now().getTime()),
          1000,
        );
        const minutes = Math.ceil(waitMs / 60_000);
        throw tooManyRequests(
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          Math.ceil(waitMs / 1000),
        );
      }
      return { pair, shared: shared.map((s) => s.key) };
    },

    /** The password held: the pair's counter starts again and the shared ones get the attempt back. */
    succeeded: (counted: CountedAttempt) => counters.attemptSucceeded(counted.pair, counted.shared),

    /** A successful sign-in from `address`: the username's own limit no longer applies from there. */
    rememberAddress: (key: string, address: string) => counters.rememberAddress(key, address, clock.now()),

    /**
     * A refused sign-in in the trail. From the sign-in route (no session) it is tallied, not written
     * each time: the first refusal from an address in a window is a row of its own, the others one
     * row once the window has passed (audit/refusal-tally.ts, decision 030).
     */
    recordRefusal: (
      actor: AuditActor,
      user: { id: number; username: string; role: string } | undefined,
      reason: string,
    ) =>
      audit.record({
        actor: asUser(actor, user ?? null),
        action: 'failed-sign-in',
        entityType: 'Session',
        outcome: 'failure',
        detail: reason,
      }),

    /** Throttle counters idle for a window, and addresses unused for 90 days, are forgotten. */
    purge: () => counters.purgeLoginRecords(clock.now(), throttle.windowSeconds, KNOWN_ADDRESS_MS),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
