import { ConfigResponse, HealthResponse } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { REMEMBER_ME_MS, SESSION_IDLE_TIMEOUT_MS } from '../auth/session-policy.ts';

const VERSION = '0.1.0';

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (
  app,
  { database, config },
) => {
  app.get(
    '/api/health',
    { config: { access: access.public }, schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const up = await database.ping();
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: { status: up ? 'up' : 'down', driver: database.driver },
        version: VERSION,
      });
    },
  );

  app.get(
    '/api/config',
    { config: { access: access.user('account:self') }, schema: { response: { 200: ConfigResponse } } },
    async () => ({
      analysis: config.ai
        ? { source: 'model' as const, model: config.ai.model }
        : { source: 'rules' as const, model: null },
      features: { whoop: false, bridge: false, simulation: config.acceptSimulatedReadings },
      session: {
        idleTimeoutMinutes: SESSION_IDLE_TIMEOUT_MS / 60_000,
        rememberMeDays: REMEMBER_ME_MS / 86_400_000,
      },
    }),
  );
};
