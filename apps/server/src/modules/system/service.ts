import type { ConfigResponse, HealthResponse, ReadinessResponse } from '@vigil/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { REMEMBER_ME_MS, SESSION_IDLE_TIMEOUT_MS } from '../auth/session-policy.ts';
import type { SystemRepository } from './repository.ts';

/** Why an instance should get no traffic (GET /api/ready): each a sentence an operator acts on. */
export const NOT_READY = {
  shuttingDown: 'This instance is shutting down',
  databaseDown: 'The database does not answer',
  migrationsBehind:
    "The database's schema is older than this version: its migrations are not applied (start one instance to apply them)",
  liveEventsDown:
    "The live-event connection to the database is down: other instances' changes do not reach this one",
} as const;

/** The server's version, as health and the OpenAPI document report it. */
export const APP_VERSION = '0.1.0';

/**
 * What the server says about itself: whether it is alive and can reach its database (health),
 * whether it should get traffic (readiness), and what is configured.
 */
export function createSystemService(deps: {
  database: Pick<Database, 'ping' | 'driver'>;
  config: Config;
  repo: SystemRepository;
  /** The newest migration this build carries (db/client.ts latestMigrationAt). */
  latestMigrationAt: number;
  lifecycle: { readonly isDraining: boolean };
  liveEvents: { isConnected(): boolean };
}) {
  const { database, config, repo } = deps;
  return {
    async health(): Promise<HealthResponse> {
      const up = await database.ping();
      return {
        status: up ? 'ok' : 'degraded',
        database: { status: up ? 'up' : 'down', driver: database.driver },
        version: APP_VERSION,
      };
    },

    /** Whether this instance should get traffic now, and the first reason when not. */
    async readiness(): Promise<ReadinessResponse> {
      const notReady = (reason: string): ReadinessResponse => ({ status: 'not-ready', reason });
      if (deps.lifecycle.isDraining) return notReady(NOT_READY.shuttingDown);
      let newest: number | null;
      try {
        newest = await repo.newestMigrationAt();
      } catch {
        return notReady(NOT_READY.databaseDown);
      }
      if (newest === null || newest < deps.latestMigrationAt) return notReady(NOT_READY.migrationsBehind);
      if (!deps.liveEvents.isConnected()) return notReady(NOT_READY.liveEventsDown);
      return { status: 'ready', reason: null };
    },

    /** The optional features a signed-in client may show (analysis source, session lifetimes). */
    clientConfig: (): ConfigResponse => ({
      analysis: config.ai
        ? { source: 'model' as const, model: config.ai.model }
        : { source: 'rules' as const, model: null },
      features: {
        whoop: config.whoop !== null,
        // Bridge pairing (POST /api/bridge/pairings) and device-token uploads are always served.
        bridge: true,
        simulation: config.acceptSimulatedReadings,
      },
      session: {
        idleTimeoutMinutes: SESSION_IDLE_TIMEOUT_MS / 60_000,
        rememberMeDays: REMEMBER_ME_MS / 86_400_000,
      },
      registration: config.registration,
    }),
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
