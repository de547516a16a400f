import { ConfigResponse, HealthResponse } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import type { SystemService } from './service.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/api/health',
    {
      // Load balancers and orchestrators probe it from one address, often: a higher limit of its own.
      config: { access: access.public, rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        ...operation('System', 'getHealth', 'Whether the server and its database are up'),
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const health = await system.health();
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  app.get(
    '/api/config',
    {
      config: { access: access.user('account:self') },
      schema: {
        ...operation('System', 'getClientConfig', 'The features a signed-in client may show'),
        response: { 200: ConfigResponse },
      },
    },
    async () => system.clientConfig(),
  );
};
