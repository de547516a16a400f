import type { AuditEvent, AuditQuery, AuditVerification } from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditAnchor, AuditCheckpoint } from './anchor.ts';
import type { AuditEntry } from './entry.ts';
import { toAuditCsv, toAuditEvent, toAuditRow } from './mappers.ts';
import { createRefusalTally } from './refusal-tally.ts';
import type { RefusalsRepository } from './refusals-repository.ts';
import { type AuditRepository, canonicalRow, GENESIS_HASH, KEYED, unkeyedHash } from './repository.ts';

const DEFAULT_LIMIT = 200;
/** Reads remembered at most (then forgotten at once; the database check still holds). */
const RECENT_READS_KEPT = 50_000;
const VERIFY_PAGE = 1000;

/**
 * The audit trail: who did what to which record, kept so that every clinical write and every read of
 * a patient can be accounted for (decision 013). Modules record what happened, in their own
 * transaction where it is a change (`recordIn`), so a change and its audit row exist together or not
 * at all.
 */
export function createAuditService(deps: {
  repo: AuditRepository;
  database: Pick<Database, 'transaction'>;
  clock: Clock;
  /** The key and the checkpoints, outside the database (decision 018). */
  anchor: AuditAnchor;
  /** Refusals of requests without a session, counted per address and window (refusal-tally.ts). */
  refusals: RefusalsRepository;
}) {
  const { repo, database, clock, anchor } = deps;
  const tally = createRefusalTally({ refusals: deps.refusals, repo, clock });
  /**
   * Every row goes through here. A refusal of a request without a session (its actor says so:
   * `withoutSession`, from the route's declared access) is tallied instead of written each time,
   * whichever module records it (decision 030).
   */
  const appendIn = async (run: Run, entry: AuditEntry): Promise<number> => {
    if (entry.outcome !== 'failure' || !entry.actor.withoutSession) {
      return repo.append(run, toAuditRow(entry, clock.now()));
    }
    entry.actor.withoutSession.recorded = true;
    return tally.tallyIn(run, entry);
  };
  /** The head of the last checkpoint this process wrote or read: an unchanged head is not written again. */
  let lastCheckpoint: { id: number; hash: string } | null = null;
  let checkpointTimer: NodeJS.Timeout | null = null;
  /** Reads this process recorded (person, part, patient → when), so refetches skip the database. */
  const recentReads = new Map<string, number>();

  /** Writes a signed checkpoint of the trail's head and length, unless it has not changed. */
  async function checkpoint(): Promise<void> {
    const head = await repo.head();
    if (!head || (lastCheckpoint?.id === head.id && lastCheckpoint.hash === head.hash)) return;
    await anchor.write({
      at: clock.now().toISOString(),
      count: head.count,
      headId: head.id,
      headHash: head.hash,
    });
    lastCheckpoint = { id: head.id, hash: head.hash };
  }

  return {
    /**
     * Records in the caller's transaction: rolled back with it. The row's id, or 0 for a refusal
     * only counted in its address's tally.
     */
    recordIn: appendIn,

    /**
     * Records that a person read a part of a patient's record (or the patient list: no patient),
     * once per person, patient, part and `windowMs`: the open screen's refetches (after every live
     * reading) are the same read, not new ones. This process remembers what it recorded, so a
     * refetch within the window costs no query; otherwise one check under the append lock.
     */
    async recordRead(entry: AuditEntry & { action: 'read' }, windowMs: number): Promise<void> {
      // A system (a SMART client) has no user id: its name tells one client's reads from another's.
      const key = `${entry.actor.userId ?? entry.actor.username}|${entry.entityType}|${entry.patientId ?? ''}`;
      const now = clock.now().getTime();
      const recorded = recentReads.get(key);
      if (recorded !== undefined && now - recorded < windowMs && now >= recorded) return;
      await database.transaction((run) => {
        const row = toAuditRow(entry, clock.now());
        return repo.appendUnlessSince(run, row, new Date(row.at.getTime() - windowMs));
      });
      if (recentReads.size >= RECENT_READS_KEPT) recentReads.clear();
      recentReads.set(key, now);
    },

    /** Records on its own (a sign-in, a read, an export); 0 for a refusal only counted in a tally. */
    record: (entry: AuditEntry): Promise<number> => database.transaction((run) => appendIn(run, entry)),

    /** Writes the refusal tallies of past windows to the trail (housekeeping, shutdown). */
    writeEndedRefusals: (): Promise<void> => database.transaction((run) => tally.writeEndedIn(run)),

    list: async (query: AuditQuery): Promise<AuditEvent[]> =>
      (await repo.list(query, DEFAULT_LIMIT)).map(toAuditEvent),

    /** The filtered rows as CSV (the caller records the export). */
    async csv(query: AuditQuery): Promise<{ text: string; rows: number }> {
      const rows = await repo.list({ ...query, limit: query.limit ?? 1000 }, 1000);
      return { text: toAuditCsv(rows.map(toAuditEvent)), rows: rows.length };
    },

    /** Writes a checkpoint now and then every `intervalMs` (a failed write is tried at the next). */
    async startCheckpoints(intervalMs: number, onError: (error: unknown) => void) {
      const { checkpoints } = await anchor.read();
      const latest = checkpoints.at(-1);
      if (latest) lastCheckpoint = { id: latest.headId, hash: latest.headHash };
      await checkpoint().catch(onError);
      checkpointTimer ??= setInterval(() => void checkpoint().catch(onError), intervalMs).unref();
    },

    /** Stops the interval and writes a last checkpoint (shutdown). */
    async stopCheckpoints() {
      if (checkpointTimer) clearInterval(checkpointTimer);
      checkpointTimer = null;
      await checkpoint();
    },

    /**
     * Walks the chain in id order: each row must link to the previous row's hash, and its own hash
     * must match its contents (keyed; rows from before the key as they were written, and never one
     * after a keyed row). Each signed checkpoint written outside the database must find its head row
     * with the hash and the count it recorded. Reports the first row where anything fails.
     */
    async verify(): Promise<AuditVerification> {
      const { checkpoints, unsigned } = await anchor.read();
      const byHead = new Map<number, AuditCheckpoint>(checkpoints.map((c) => [c.headId, c]));
      const heads = [...byHead.keys()].sort((a, b) => a - b);
      const summary = {
        verified: checkpoints.length,
        unsigned,
        latestAt: checkpoints.at(-1)?.at ?? null,
      };
      let prev = GENESIS_HASH;
      let afterId = 0;
      let checked = 0;
      let keyedSeen = false;
      let next = 0;
      const broken = (id: number, reason: string): AuditVerification => ({
        ok: false,
        checked,
        firstBroken: { id, reason },
        checkpoints: summary,
      });
      for (;;) {
        const rows = await repo.page(afterId, VERIFY_PAGE);
        if (rows.length === 0) break;
        for (const row of rows) {
          if (next < heads.length && heads[next]! < row.id) {
            const c = byHead.get(heads[next]!)!;
            return broken(
              row.id,
              `Row ${c.headId}, the last of ${c.count} rows at the checkpoint written outside the database at ${c.at}, is missing: rows before this one were removed`,
            );
          }
          if (row.prevHash !== prev) {
            return broken(
              row.id,
              'Its link does not match the previous row: a row before it was removed or altered',
            );
          }
          if (row.hashAlg === KEYED) {
            keyedSeen = true;
            if (anchor.chainHash(prev, canonicalRow(row)) !== row.hash) {
              return broken(
                row.id,
                'Its contents do not match its keyed hash: the row was altered, or hashed again without the key',
              );
            }
          } else if (keyedSeen) {
            return broken(
              row.id,
              'It is not keyed, yet keyed rows come before it: it was hashed again without the key',
            );
          } else if (unkeyedHash(prev, row) !== row.hash) {
            return broken(row.id, 'Its contents do not match its hash: the row was altered');
          }
          checked++;
          if (heads[next] === row.id) {
            const c = byHead.get(row.id)!;
            if (c.headHash !== row.hash) {
              return broken(
                row.id,
                `Its hash differs from the checkpoint written outside the database at ${c.at}: the trail was rewritten up to here`,
              );
            }
            if (c.count !== checked) {
              return broken(
                row.id,
                `The checkpoint written outside the database at ${c.at} counted ${c.count} rows up to here; the trail has ${checked}: rows were removed or added`,
              );
            }
            next++;
          }
          prev = row.hash;
        }
        afterId = rows[rows.length - 1]!.id;
      }
      if (next < heads.length) {
        const c = byHead.get(heads.at(-1)!)!;
        return broken(
          c.headId,
          `The trail ends after ${checked} rows (at row ${afterId}), but the checkpoint written outside the database at ${c.at} recorded ${c.count} rows up to row ${c.headId}: rows were removed from the end`,
        );
      }
      return { ok: unsigned === 0, checked, firstBroken: null, checkpoints: summary };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
