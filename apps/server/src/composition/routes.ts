import { LIVE_POSITION_HEADER } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { latestMigrationAt } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { alertRoutes } from '../modules/alerts/routes.ts';
import { analysisRoutes } from '../modules/analysis/routes.ts';
import { auditRoutes } from '../modules/audit/routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { bridgeRoutes } from '../modules/bridge/routes.ts';
import { careRoutes } from '../modules/care/routes.ts';
import { deviceRoutes } from '../modules/devices/routes.ts';
import { eventRoutes } from '../modules/events/routes.ts';
import { fhirRoutes } from '../modules/fhir/routes.ts';
import { handoverRoutes } from '../modules/handover/routes.ts';
import { patientRoutes } from '../modules/patients/routes.ts';
import { readingRoutes } from '../modules/readings/routes.ts';
import { smartClientRoutes } from '../modules/smart/routes.ts';
import { createSystemRepository } from '../modules/system/repository.ts';
import { systemRoutes } from '../modules/system/routes.ts';
import { APP_VERSION, createSystemService } from '../modules/system/service.ts';
import { wardRoutes } from '../modules/ward/routes.ts';
import { wardsRoutes } from '../modules/wards/routes.ts';
import { wearableRoutes } from '../modules/wearables/routes.ts';
import type { Lifecycle } from '../plugins/lifecycle.ts';
import type { Metrics } from '../plugins/metrics.ts';
import { FHIR_BASE_PATH, openApiRoutes } from '../plugins/openapi.ts';
import { registerWebApp } from '../plugins/web-app.ts';
import type { AppDeps } from './deps.ts';
import type { Services } from './services.ts';

/**
 * Every module's routes with the services they call, then the web app (its SPA fallback is the
 * not-found handler, so it comes last). Access control must be registered before this.
 */
export async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  deps: AppDeps & { clock: Clock; cookie: { secure: boolean }; lifecycle: Lifecycle; metrics: Metrics },
) {
  const { config, database, clock } = deps;
  const { audit, auth, patients, care, analysis, ingest, readings, corrections, alerts, liveEvents } =
    services;
  // Every read says where this instance's live events stood as it began (decision 027): an answer
  // read before the client's event stream began to carry events is read again.
  // Taken once access is granted, just before the handler reads.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' && request.user && request.url.startsWith('/api/')) {
      reply.header(LIVE_POSITION_HEADER, liveEvents.position());
    }
  });
  await app.register(authRoutes, {
    auth,
    cookie: deps.cookie,
    registerPerMinute: deps.registerPerMinute ?? 20,
  });
  await app.register(auditRoutes, { audit });
  const system = createSystemService({
    database,
    config,
    repo: createSystemRepository(database.db),
    latestMigrationAt: latestMigrationAt(),
    lifecycle: deps.lifecycle,
    liveEvents,
  });
  await app.register(systemRoutes, { system, renderMetrics: () => deps.metrics.render() });
  await app.register(openApiRoutes);
  await app.register(patientRoutes, { patients, wards: services.wards });
  await app.register(careRoutes, { care });
  await app.register(analysisRoutes, { analysis });
  await app.register(readingRoutes, { ingest, readings, corrections });
  await app.register(alertRoutes, { alerts, wards: services.wards });
  await app.register(wardRoutes, {
    layout: services.layout,
    assignments: services.assignments,
    board: services.board,
    leads: services.shiftLeads,
    wards: services.wards,
  });
  await app.register(wardsRoutes, { wards: services.wards, outreach: services.outreach });
  await app.register(handoverRoutes, { handovers: services.handovers, wards: services.wards });
  await app.register(wearableRoutes, { wearables: services.wearables, patients });
  await app.register(deviceRoutes, { tokens: services.deviceTokens, links: services.deviceLinks });
  await app.register(bridgeRoutes, { bridge: services.bridge });
  await app.register(eventRoutes, {
    liveEvents,
    auth,
    pingIntervalMs: services.pingIntervalMs,
    lifecycle: deps.lifecycle,
    metrics: deps.metrics,
  });
  await app.register(smartClientRoutes, { smart: services.smart });
  await app.register(fhirRoutes, {
    prefix: FHIR_BASE_PATH,
    fhir: services.fhir,
    exports: services.exports,
    smart: services.smart,
    clock,
    version: APP_VERSION,
    publicUrl: config.publicUrl,
  });
  await registerWebApp(app, config.webDist);
}
