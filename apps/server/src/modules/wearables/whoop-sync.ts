import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WEARABLE_PROVIDERS } from '@vigil/domain';
import type { WhoopConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { every } from '../../lib/every.ts';
import type { IngestService } from '../readings/ingest-service.ts';
import { recoveryReading } from './mappers.ts';
import type { ConnectionPatch, ConnectionRow, WearableRepository } from './repository.ts';
import { WhoopRateLimited, type WhoopRecovery } from './whoop-api.ts';
import { ConnectionLost, type WearableLog, type WhoopOAuth, WhoopUnavailable } from './whoop-oauth.ts';

// WHOOP's data coming in: a poller and webhooks bring scored recoveries through the one ingest path,
// and the connection keeps the scores the wearable card shows.

const PROVIDER = WEARABLE_PROVIDERS.whoop;
/** The canonical base64 text of a 32-byte HMAC-SHA256. */
const CANONICAL_SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;
/** Webhook timestamps further than this from our clock are refused (replay window). */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

export function createWhoopSync(deps: {
  config: WhoopConfig | null;
  repo: WearableRepository;
  clock: Clock;
  oauth: Pick<WhoopOAuth, 'whoop' | 'withToken'>;
  ingest: Pick<IngestService, 'ingest'>;
  log: WearableLog;
}) {
  const { config, repo, clock, oauth, ingest, log } = deps;

  /**
   * Stores scored recoveries as wearable summaries (never the patient's current values: they
   * describe last night's sleep), each with its window: from `windowStartOf` its sleep's or cycle's
   * start, to when WHOOP scored it.
   */
  async function storeRecoveries(
    row: ConnectionRow,
    recoveries: WhoopRecovery[],
    windowStartOf: (recovery: WhoopRecovery) => string | null,
  ) {
    const readings = recoveries.flatMap(
      (r) => recoveryReading(row.patientId, row.providerUserId, r, windowStartOf(r)) ?? [],
    );
    if (readings.length > 0)
      await ingest.ingest(readings, { userId: null, sender: 'wearable-api', device: null });
    const scored = recoveries
      .filter((r) => r.score_state === 'SCORED' && r.score)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
    if (scored?.score && (!row.scoresAt || Date.parse(scored.created_at) >= row.scoresAt.getTime())) {
      return {
        recoveryScore: scored.score.recovery_score,
        skinTempCelsius: scored.score.skin_temp_celsius ?? null,
        hrvRmssdMilli: scored.score.hrv_rmssd_milli,
        scoresAt: new Date(scored.created_at),
      } satisfies ConnectionPatch;
    }
    return {};
  }

  /**
   * One poll of a connection: the cycles and recoveries from the newest cycle start seen on (that
   * cycle again, as its strain grows and its recovery is scored), nothing older.
   */
  async function poll(row: ConnectionRow): Promise<void> {
    const { api: whoopApi, cfg } = oauth.whoop();
    try {
      const since = row.syncedFrom;
      const [cycles, recoveries] = await oauth.withToken(
        row,
        async (token) =>
          [await whoopApi.cycles(token, since), await whoopApi.recoveries(token, since)] as const,
      );
      // A WHOOP cycle starts when the member falls asleep: its start opens the night a recovery scores.
      const cycleStart = new Map(cycles.map((c) => [c.id, c.start]));
      const patch: ConnectionPatch = {
        ...(await storeRecoveries(row, recoveries, (r) => cycleStart.get(r.cycle_id) ?? null)),
        lastSyncAt: clock.now(),
      };
      const newest = cycles.sort((a, b) => Date.parse(b.start) - Date.parse(a.start))[0];
      if (newest) {
        patch.syncedFrom = new Date(newest.start);
        if (newest.score) patch.strain = newest.score.strain;
      }
      await repo.update(row.id, patch);
    } catch (error) {
      if (error instanceof WhoopRateLimited) {
        await repo.update(row.id, {
          nextPollAt: new Date(clock.now().getTime() + Math.max(error.retryAfterMs, cfg.pollIntervalMs)),
        });
        log.warn({ connectionId: row.id, retryInMs: error.retryAfterMs }, 'WHOOP rate limit: backing off');
        return;
      }
      if (error instanceof ConnectionLost) return;
      // The provider failed (5xx, network): nothing is lost; the next poll tries again.
      log.warn({ connectionId: row.id, err: { message: (error as Error).message } }, 'WHOOP poll failed');
      throw new WhoopUnavailable('WHOOP did not answer; the next poll tries again');
    }
  }

  /**
   * The delivery's signature over timestamp + raw body (client secret, constant-time), a timestamp
   * within the window, never the same delivery twice.
   */
  async function verifyDelivery(
    rawBody: string,
    signature: string | undefined,
    timestamp: string | undefined,
  ): Promise<number> {
    if (!signature || !timestamp || !/^\d{1,16}$/.test(timestamp)) {
      throw unauthorized('X-WHOOP-Signature and X-WHOOP-Signature-Timestamp are required');
    }
    if (!config) throw unauthorized('WHOOP is not configured here: no webhook signature can be verified');
    const { cfg } = oauth.whoop();
    const expected = createHmac('sha256', cfg.clientSecret).update(`${timestamp}${rawBody}`).digest();
    // Base64 decoding is lenient (padding, junk, spaces): only the one canonical text of the MAC is
    // taken, so no re-encoding of a used signature reads as another delivery.
    const given = Buffer.from(signature, 'base64');
    if (!CANONICAL_SIGNATURE.test(signature) || given.toString('base64') !== signature) {
      throw unauthorized(
        'X-WHOOP-Signature must be the base64 of an HMAC-SHA256 (44 characters, one = at the end)',
        'WEBHOOK_SIGNATURE',
      );
    }
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized('The webhook signature does not match', 'WEBHOOK_SIGNATURE');
    }
    const now = clock.now().getTime();
    if (Math.abs(now - Number(timestamp)) > WEBHOOK_WINDOW_MS) {
      throw new AppError(401, 'WEBHOOK_STALE', 'The webhook timestamp is outside the accepted window');
    }
    // Keyed on the MAC's bytes, which are those of the timestamp and body it signs.
    const fresh = await repo.recordReceipt(
      createHash('sha256').update(given).digest('hex'),
      new Date(now),
      new Date(now - 2 * WEBHOOK_WINDOW_MS),
    );
    if (!fresh) throw new AppError(409, 'WEBHOOK_REPLAY', 'This webhook delivery was already received');
    return now;
  }

  const sync = {
    poll,

    /** A WHOOP webhook: a verified delivery, then the changed record is fetched. */
    async webhook(rawBody: string, signature: string | undefined, timestamp: string | undefined) {
      const now = await verifyDelivery(rawBody, signature, timestamp);
      const { api: whoopApi } = oauth.whoop();
      let event: { user_id?: unknown; id?: unknown; type?: unknown };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw badRequest('The webhook body is not JSON', 'INVALID_WEBHOOK');
      }
      if (
        typeof event.user_id !== 'number' ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string'
      ) {
        throw badRequest('The webhook body needs user_id, id and type', 'INVALID_WEBHOOK');
      }
      const rows = await repo.activeForProviderUser(PROVIDER, String(event.user_id));
      for (const row of rows.filter((r) => r.state === 'connected')) {
        if (event.type === 'recovery.updated') {
          // v2: the id is the sleep's; its cycle carries the recovery.
          const sleepId = event.id;
          const found = await oauth
            .withToken(row, async (token) => {
              const sleep = await whoopApi.sleep(token, sleepId);
              const recovery = sleep ? await whoopApi.cycleRecovery(token, sleep.cycle_id) : null;
              return recovery && sleep ? { recovery, sleep } : null;
            })
            .catch((error: unknown) => {
              if (error instanceof ConnectionLost || error instanceof WhoopRateLimited) return null;
              throw error;
            });
          if (found) {
            await repo.update(row.id, await storeRecoveries(row, [found.recovery], () => found.sleep.start));
          }
        } else {
          // Sleeps, workouts and deletions: the next poll reads what changed.
          await repo.update(row.id, { nextPollAt: new Date(now) });
        }
      }
    },

    /** Polls every connection that is due; each instance claims its own, so none is polled twice. */
    async pollDue(): Promise<void> {
      if (!config) return;
      const now = clock.now();
      const due = await repo.claimDue(now, new Date(now.getTime() + config.pollIntervalMs));
      for (const row of due) {
        await poll(row).catch(() => {}); // logged by poll; retried at the next interval
      }
    },

    /** The 30-second poller (spec point 9). */
    start() {
      poller?.start();
    },
    stop: async () => poller?.stop(),
  };
  // Due connections are looked for every few seconds; each is polled every pollIntervalMs.
  const poller = config ? every(Math.min(config.pollIntervalMs, 5_000), () => sync.pollDue()) : undefined;
  return sync;
}

export type WhoopSync = ReturnType<typeof createWhoopSync>;
