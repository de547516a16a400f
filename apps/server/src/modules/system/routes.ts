import { ConfigResponse, HealthResponse, ReadinessResponse } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import type { SystemService } from './service.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  system: SystemService;
  /** This instance's metrics in Prometheus's text format (plugins/metrics.ts). */
  renderMetrics: () => Promise<{ contentType: string; text: string }>;
}> = async (app, { system, renderMetrics }) => {
  // Liveness: the process answers, and says whether its database does (cheap: one `select 1`).
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

  // Readiness: what a load balancer's health check asks (decision 032).
  app.get(
    '/api/ready',
    {
      config: { access: access.public },
      schema: {
        ...operation('System', 'getReadiness', 'Whether this instance should get traffic now, and why not'),
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_request, reply) => {
      const readiness = await system.readiness();
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  app.get(
    '/metrics',
    {
      config: {
        access: access.metrics,
        openapi: {
          answers: [
            { status: 200, description: 'Prometheus text format (version 0.0.4)', contentType: 'text/plain' },
          ],
        },
      },
      schema: operation('System', 'getMetrics', "This instance's metrics, for Prometheus"),
    },
    async (_request, reply) => {
      const { contentType, text } = await renderMetrics();
      return reply.type(contentType).send(text);
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
