import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Narrator } from '../modules/analysis/narrator.ts';
import type { AuditAnchor } from '../modules/audit/anchor.ts';
import type { LoginThrottleOptions } from '../modules/auth/service.ts';

/** What the app is built from (app.ts `buildApp`): main.ts passes them, and so do tests and benchmarks. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** false in tests; otherwise pino options. */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  loginThrottle?: Partial<LoginThrottleOptions>;
  registerPerMinute?: number;
  /** Open event streams per user (default: config EVENT_STREAMS_PER_USER). */
  maxStreamsPerUser?: number;
  /** Event-stream ping interval (default 20 s, under the 25 s the issue asks for). */
  pingIntervalMs?: number;
  /** Language-model narrator; by default built from config.ai (null when no key is configured). */
  narrator?: Narrator | null;
  /** false: no background WHOOP poller (tests drive polls themselves). */
  wearablePoller?: boolean;
  /** false: no background sweep of device-link leases (tests call `services.deviceLinks.sweep`). */
  deviceSweep?: boolean;
  /** The audit key and checkpoint log (main.ts: the data folder's); in memory when not given. */
  auditAnchor?: AuditAnchor;
  /** false: no background alert timers (tests call `services.alerts.tick`). */
  alertTimers?: boolean;
  /** false: no background summaries, partitions or retention (tests call `services.readingStorage`). */
  readingStorage?: boolean;
  /** Run queued Bulk Data exports in this instance (default on; a test may drain them itself). */
  exportWorker?: boolean;
}
