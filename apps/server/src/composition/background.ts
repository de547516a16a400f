import type { FastifyInstance } from 'fastify';
import { every } from '../lib/every.ts';
import type { Metrics } from '../plugins/metrics.ts';
import type { AppDeps } from './deps.ts';
import type { Services } from './services.ts';

/** How often raw stream readings are summarised: the trend reads at most this much from them unsummarised. */
const READING_ROLLUP_INTERVAL_MS = 10_000;
/** How often partitions are made ahead and retention applied (it drops whole days). */
const RETENTION_INTERVAL_MS = 3_600_000;
/** How often an instance looks for queued exports (a kick-off here starts at once). */
const EXPORT_POLL_INTERVAL_MS = 1000;

/**
 * The work the app does on its own, started when it is ready and stopped when it closes: audit
 * checkpoints, the live-event connection, housekeeping, alert timers, the WHOOP poller and the sweep
 * of device-link leases. Tests turn the last three off and drive them themselves.
 */
export function registerBackgroundWork(
  app: FastifyInstance,
  services: Services,
  deps: AppDeps,
  metrics: Pick<Metrics, 'job'>,
) {
  const { config } = deps;
  // Each run counted (and its failure) under the job's name: GET /metrics.
  const { job } = metrics;
  const { audit, liveEvents, auth, bridge, smart, exports, alerts, wearables, deviceLinks, readingStorage } =
    services;
  app.addHook('onReady', () =>
    audit.startCheckpoints(config.audit.checkpointIntervalMs, (error) =>
      app.log.error({ err: { message: (error as Error).message } }, 'audit checkpoint'),
    ),
  );
  app.addHook('onClose', () => audit.stopCheckpoints().catch(() => {}));

  app.addHook('onReady', () => liveEvents.start());
  app.addHook('onReady', () => auth.fillSkeletons());
  app.addHook('onClose', () => liveEvents.stop());
  // Housekeeping: expired sessions and old live events (kept 24 h for Last-Event-ID replay).
  const housekeeping = setInterval(() => {
    void job('purge-sessions', () => auth.purgeExpiredSessions())().catch(() => {});
    void job('purge-pairings', () => bridge.purge())().catch(() => {});
    void job('prune-live-events', () => liveEvents.prune())().catch(() => {});
    void job('purge-smart-tokens', () => smart.purge())().catch(() => {});
    void job('purge-exports', () => exports.purge())().catch(() => {});
  }, 15 * 60_000).unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
  // Refusals of requests without a session, from past windows, reach the trail within a minute of
  // their window's end.
  const writeRefusals = job('refusal-tallies', () => audit.writeEndedRefusals());
  const refusalTallies = setInterval(() => void writeRefusals().catch(() => {}), 60_000).unref();
  app.addHook('onClose', async () => {
    clearInterval(refusalTallies);
    await audit.writeEndedRefusals().catch(() => {});
  });

  if (deps.readingStorage !== false) {
    // Raw stream readings summarised per minute as they arrive (decision 029)…
    const failed = (what: string) => (error: unknown) =>
      app.log.warn({ err: { message: (error as Error).message } }, what);
    const summarise = job('reading-summaries', () => readingStorage.rollup());
    const rollup = every(READING_ROLLUP_INTERVAL_MS, () =>
      summarise().then(() => {}, failed('reading summaries')),
    );
    // …and, hourly, tomorrow's partitions made and the days past retention dropped.
    const makeDays = job('reading-partitions', () => readingStorage.ensurePartitions());
    const retain = job('reading-retention', () => readingStorage.applyRetention());
    const retention = every(RETENTION_INTERVAL_MS, async () => {
      await makeDays().catch(failed('reading partitions'));
      const result = await retain().catch(failed('reading retention'));
      if (!result) return;
      if (result.removedReadings > 0 || result.pinnedReadings > 0) {
        app.log.info(
          {
            removed: result.removedReadings,
            pinned: result.pinnedReadings,
            dropped: result.droppedPartitions.length,
            deferred: result.deferredPartitions.length,
          },
          'reading retention',
        );
      }
    });
    app.addHook('onReady', async () => {
      // Today's partition before anything is stored: readings of today must not pile up in the
      // default partition (the demo seed runs once the app is ready).
      await makeDays().catch(failed('reading partitions'));
      rollup.start();
      retention.start();
    });
    app.addHook('onClose', async () => {
      await rollup.stop();
      await retention.stop();
    });
  }
  // Bulk Data exports: this instance claims queued jobs from the shared table and runs them.
  if (deps.exportWorker !== false) {
    app.addHook('onReady', async () => exports.start(EXPORT_POLL_INTERVAL_MS));
    app.addHook('onClose', () => exports.stop());
  }
  if (deps.alertTimers !== false) {
    const timers = every(
      config.alertTickIntervalMs,
      job('alert-timers', () => alerts.tick()),
    );
    app.addHook('onReady', async () => timers.start());
    app.addHook('onClose', () => timers.stop());
  }
  if (deps.wearablePoller !== false) {
    app.addHook('onReady', async () => wearables.start());
    app.addHook('onClose', () => wearables.stop());
  }
  if (deps.deviceSweep !== false) {
    const sweep = every(
      config.deviceSweepIntervalMs,
      job('device-lease-sweep', () => deviceLinks.sweep()),
    );
    app.addHook('onReady', async () => sweep.start());
    app.addHook('onClose', () => sweep.stop());
  }
}
