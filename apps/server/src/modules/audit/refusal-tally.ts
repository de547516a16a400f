import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditEntry } from './entry.ts';
import { toAuditRow } from './mappers.ts';
import type { RefusalsRepository } from './refusals-repository.ts';
import type { AuditRepository } from './repository.ts';

/** Refusals from one address are tallied in windows of this length (decision 020). */
export const REFUSAL_WINDOW_MS = 15 * 60_000;

/**
 * Refusals of requests without a session (a route declared public or webhook: sign-in,
 * registration, the SMART token endpoint, a provider's webhook; decision 030) in the trail without
 * flooding it: the first refusal from an address in a window is a row of its own, the rest are
 * counted (`sign_in_refusals`, shared by every instance) and written as one row once the window has
 * passed. A flood is at most two rows per address and window in an append-only trail.
 */
export function createRefusalTally(deps: {
  refusals: RefusalsRepository;
  repo: Pick<AuditRepository, 'append'>;
  clock: Clock;
}) {
  const { refusals, repo, clock } = deps;
  const windowOf = (at: Date) => new Date(Math.floor(at.getTime() / REFUSAL_WINDOW_MS) * REFUSAL_WINDOW_MS);
  /** Windows before this one (epoch ms) have had their tallies written by this process. */
  let talliesWrittenBefore = 0;

  /** Writes the tallies of past windows to the trail, in the caller's transaction: one row per address and window. */
  async function writeEndedIn(run: Run): Promise<void> {
    for (const tally of await refusals.takeEnded(run, windowOf(clock.now()))) {
      if (tally.attempts === 0) continue;
      const reasons = Object.entries(tally.reasons)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([reason, n]) => `${reason} ${n}`)
        .join(', ');
      const entry: AuditEntry = {
        actor: {
          userId: tally.userIds.length === 1 ? tally.userIds[0]! : null,
          username: null,
          role: null,
          address: tally.address,
          userAgent: null,
          requestId: null,
        },
        action: 'failed-sign-in',
        entityType: 'Session',
        outcome: 'failure',
        detail: `${tally.attempts} more refused requests without a session from this address in the window from ${tally.windowStart.toISOString()}: ${reasons}${tally.userIds.length > 0 ? `; accounts ${tally.userIds.join(', ')}` : ''}`,
      };
      await repo.append(run, toAuditRow(entry, clock.now()));
    }
  }

  /** What a refusal is counted as in its window's row: the sign-in's reason, or what refused what. */
  const reasonOf = (entry: AuditEntry) =>
    [entry.entityType === 'Session' ? null : entry.entityType, entry.entityId, entry.detail]
      .filter((part) => part !== null && part !== undefined && part !== '')
      .join(' ')
      .slice(0, 200) || 'refused';

  return {
    /**
     * Counts a refusal in its address's window, in the caller's transaction; the first of a window
     * is appended as it is (its row id returned), the others only counted (0). A new window first
     * writes the tallies of the past ones, in the order they happened.
     */
    async tallyIn(run: Run, entry: AuditEntry): Promise<number> {
      const window = windowOf(clock.now());
      if (window.getTime() > talliesWrittenBefore) {
        await writeEndedIn(run);
        talliesWrittenBefore = window.getTime();
      }
      const isFirst = await refusals.tally(run, {
        address: entry.actor.address ?? 'unknown',
        windowStart: window,
        reason: reasonOf(entry),
        userId: entry.actor.userId,
      });
      return isFirst ? repo.append(run, toAuditRow(entry, clock.now())) : 0;
    },

    writeEndedIn,
  };
}

export type RefusalTally = ReturnType<typeof createRefusalTally>;
