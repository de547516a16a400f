import type { Clock } from '../../lib/clock.ts';
import { systemActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { RetentionRepository, RetentionResult } from './retention-repository.ts';

// The storage of readings kept bounded (decision 029): the background work that summarises raw
// stream readings per minute, makes tomorrow's partitions today, and drops raw device data past
// its retention, leaving its summaries, every person's observation and what alerts name.

const DAY_MS = 86_400_000;
/** The audit trail names it "system — reading retention". */
const RETENTION = systemActor('reading retention');
/** Ids summarised per transaction: a long backlog (a restart, a bench) goes in bounded steps. */
const ROLLUP_CHUNK_IDS = 50_000;
/** Day partitions made ahead of the current day, and kept for the day before (late readings). */
const DAYS_AHEAD = 3;

export interface StorageResult extends RetentionResult {
  cutoff: string;
}

export function createReadingStorageService(deps: {
  retention: RetentionRepository;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
  /** Raw device and wearable readings are kept this many days (DEVICE_READINGS_RETENTION_DAYS). */
  retentionDays: number;
}) {
  const { retention, audit, clock } = deps;
  const today = () => Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS;

  return {
    /** Summarises what arrived since the last run (claimed once across instances). */
    rollup: () => retention.rollup(ROLLUP_CHUNK_IDS),

    /** Makes the day partitions of yesterday to {@link DAYS_AHEAD} days ahead that are missing. */
    ensurePartitions: () => retention.ensureDays(today() - DAY_MS, today() + DAYS_AHEAD * DAY_MS),

    /**
     * Removes raw stream readings older than the retention, once across instances: summarised
     * first, the readings alerts name kept, whole days dropped; audited with what it removed.
     */
    async applyRetention(): Promise<StorageResult> {
      const cutoff = new Date(clock.now().getTime() - deps.retentionDays * DAY_MS);
      await retention.rollup(ROLLUP_CHUNK_IDS);
      const result = await retention.removeBefore(cutoff, await retention.summarisedThrough());
      if (
        result.ran &&
        (result.removedReadings > 0 || result.droppedPartitions.length > 0 || result.pinnedReadings > 0)
      ) {
        await audit.record({
          actor: RETENTION,
          action: 'delete',
          entityType: 'VitalReading',
          detail:
            `retention: raw device readings before ${cutoff.toISOString()} removed: ${result.removedReadings}` +
            ` (partitions dropped: ${result.droppedPartitions.join(', ') || 'none'});` +
            ` kept because an alert names them: ${result.pinnedReadings};` +
            ' their per-minute summaries and every observation a person entered remain',
        });
      }
      return { ...result, cutoff: cutoff.toISOString() };
    },
  };
}

export type ReadingStorageService = ReturnType<typeof createReadingStorageService>;
