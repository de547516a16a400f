import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import { every } from '../lib/every.ts';
import type { Services } from './services.ts';

/** How often an instance looks for queued exports (a kick-off here starts at once). */
const EXPORT_POLL_INTERVAL_MS = 1000;

/**
 * The work the app does on its own, started when it is ready and stopped when it closes: audit
 * checkpoints, the live-event connection, housekeeping, alert timers, the WHOOP poller and the sweep
 * of device-link leases. Tests turn the last three off and drive them themselves.
 */
export function registerBackgroundWork(app: FastifyInstance, services: Services, deps: AppDeps) {
  const { config } = deps;
  const { audit, liveEvents, auth, bridge, smart, exports, alerts, wearables, deviceLinks } = services;
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
    void auth.purgeExpiredSessions().catch(() => {});
    void bridge.purge().catch(() => {});
    void liveEvents.prune().catch(() => {});
    void smart.purge().catch(() => {});
    void exports.purge().catch(() => {});
  }, 15 * 60_000).unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
  // Refused sign-ins of past windows reach the trail within a minute of their window's end.
  const refusalTallies = setInterval(() => void auth.writeEndedRefusals().catch(() => {}), 60_000).unref();
  app.addHook('onClose', async () => {
    clearInterval(refusalTallies);
    await auth.writeEndedRefusals().catch(() => {});
  });

  // Bulk Data exports: this instance claims queued jobs from the shared table and runs them.
  if (deps.exportWorker !== false) {
    app.addHook('onReady', async () => exports.start(EXPORT_POLL_INTERVAL_MS));
    app.addHook('onClose', () => exports.stop());
  }
  if (deps.alertTimers !== false) {
    const timers = every(config.alertTickIntervalMs, () => alerts.tick());
    app.addHook('onReady', async () => timers.start());
    app.addHook('onClose', () => timers.stop());
  }
  if (deps.wearablePoller !== false) {
    app.addHook('onReady', async () => wearables.start());
    app.addHook('onClose', () => wearables.stop());
  }
  if (deps.deviceSweep !== false) {
    const sweep = every(config.deviceSweepIntervalMs, () => deviceLinks.sweep());
    app.addHook('onReady', async () => sweep.start());
    app.addHook('onClose', () => sweep.stop());
  }
}
