import type { ConfigResponse, HealthResponse } from '@vigil/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { REMEMBER_ME_MS, SESSION_IDLE_TIMEOUT_MS } from '../auth/session-policy.ts';

/** The server's version, as health and the OpenAPI document report it. */
export const APP_VERSION = '0.1.0';

/** What the server says about itself: whether it can reach its database, and what is configured. */
export function createSystemService(deps: { database: Pick<Database, 'ping' | 'driver'>; config: Config }) {
  const { database, config } = deps;
  return {
    async health(): Promise<HealthResponse> {
      const up = await database.ping();
      return {
        status: up ? 'ok' : 'degraded',
        database: { status: up ? 'up' : 'down', driver: database.driver },
        version: APP_VERSION,
      };
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
