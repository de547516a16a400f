import cookie from '@fastify/cookie';
import { RECORD_OPENING_WINDOW_MS } from '@vigil/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerBackgroundWork } from './composition/background.ts';
import type { AppDeps } from './composition/deps.ts';
import { registerRoutes } from './composition/routes.ts';
import { createServices } from './composition/services.ts';
import { systemClock } from './lib/clock.ts';
import type { AlertService } from './modules/alerts/service.ts';
import { actorOf } from './modules/audit/context.ts';
import { REFUSAL_WINDOW_MS } from './modules/audit/refusal-tally.ts';
import type { AuditService } from './modules/audit/service.ts';
import { readSessionToken } from './modules/auth/session-cookie.ts';
import type { DeviceLinkService } from './modules/devices/link-service.ts';
import type { ExportService } from './modules/fhir/export-service.ts';
import type { FhirService } from './modules/fhir/service.ts';
import type { IngestService } from './modules/readings/ingest-service.ts';
import type { ReadingService } from './modules/readings/service.ts';
import type { ReadingStorageService } from './modules/readings/storage-service.ts';
import { APP_VERSION } from './modules/system/service.ts';
import { PUBLIC_BODY_LIMIT, registerAccessControl } from './plugins/access.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { createLifecycle, registerLifecycle } from './plugins/lifecycle.ts';
import { createMetrics, createScrapeCheck, registerRequestMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';

// Declared beside the composition that reads them (composition/deps.ts).
export type { AppDeps } from './composition/deps.ts';

/** The services start-up work and tests reach beside the routes (the demo seed's ingest, a sweep). */
export interface AppServices {
  ingest: IngestService;
  deviceLinks: DeviceLinkService;
  alerts: AlertService;
  readingStorage: ReadingStorageService;
  /** Bulk Data exports (tests drain the queue; a second instance's worker is built from `fhir`). */
  exports: ExportService;
  fhir: FhirService;
  audit: AuditService;
  /** The readings (the outreach list's tests count its reads of the NEWS2 trends). */
  readings: ReadingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the HTTP app with explicit dependencies. Never listens: main.ts and tests decide that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: typeof deps.logger === 'object' ? deps.logger.level : config.logLevel,
            ...(typeof deps.logger === 'object' && deps.logger.stream ? { stream: deps.logger.stream } : {}),
            // Never log credentials or session tokens.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // The path only: a query string can carry a patient's name (?search=…).
            serializers: {
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                hostname: req.hostname,
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    // A client that sends slowly holds a connection: whole request, headers and idle keep-alive each
    // have a limit (Node checks them every second here, not every 30 s).
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1000 },
    // Event streams are long-lived: close them on shutdown instead of waiting for clients.
    forceCloseConnections: true,
    // Routes get theirs by their declared access (plugins/access.ts); this is the not-found route's.
    bodyLimit: PUBLIC_BODY_LIMIT,
    // Request ids let a log line be traced without logging who the patient was.
    genReqId: () => crypto.randomUUID(),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // What an operator sees of the instance, and how it leaves a load balancer (decision 032).
  const metrics = createMetrics({ poolStats: () => deps.database.poolStats?.() ?? null });
  registerRequestMetrics(app, metrics);
  const lifecycle = createLifecycle();
  registerLifecycle(app, lifecycle, metrics);

  await app.register(cookie);
  await registerSecurity(app, {
    secure: config.cookieSecure,
    // Where Vigil is served by host name (and WHOOP's redirect back to it) besides loopback and IP addresses.
    allowedOrigins: [
      ...config.allowedOrigins,
      ...(config.whoop ? [new URL(config.whoop.redirectUri).origin] : []),
    ],
  });

  const cookieOptions = { secure: config.cookieSecure };
  // Every service (composition/services.ts), then who may call what, then the work the app does on
  // its own (composition/background.ts), then the routes (composition/routes.ts).
  const services = createServices(deps, clock, app.log, metrics);
  const { audit, auth, deviceTokens, bridge, smart } = services;
  await registerAccessControl(app, {
    async authenticate(request) {
      const token = readSessionToken(request.cookies, cookieOptions);
      return token ? auth.authenticate(token) : null;
    },
    // The ward of the record a route acts on: another ward's is answered 404 (decision 035).
    wardOf: (check, id) => services.wards.wardOf(check, id),
    // The role's, and what the person holds for now (a nurse in charge's, while the shift runs).
    permissionsOf: (user) => new Set(user.permissions),
    verifyDeviceToken: deviceTokens.verify,
    usePairingToken: (token) => bridge.usePairing(token),
    verifySmartToken: (token) => smart.verify(token),
    authoriseScrape: createScrapeCheck(config.metrics),
    recordRead: (request, entityType, patientId) =>
      audit.recordRead(
        {
          actor: actorOf(request),
          action: 'read',
          entityType,
          entityId: patientId,
          patientId,
        },
        RECORD_OPENING_WINDOW_MS,
      ),
    publicRequestsPerMinute: config.publicRequestsPerMinute,
    refusalWindowMs: REFUSAL_WINDOW_MS,
    // A refusal the route did not record: the trail tallies it (actorOf says the request had no session).
    recordRefusal: (request, detail) =>
      audit.record({
        actor: actorOf(request),
        action: 'failed-sign-in',
        entityType: 'Request',
        entityId: `${request.method} ${request.routeOptions.url}`,
        outcome: 'failure',
        detail,
      }),
  });
  await registerOpenApi(app, { title: 'Vigil', version: APP_VERSION });
  registerBackgroundWork(app, services, deps, metrics);
  await registerRoutes(app, services, { ...deps, clock, cookie: cookieOptions, lifecycle, metrics });
  const { ingest, deviceLinks, alerts, readingStorage, exports, fhir, readings } = services;
  app.decorate('services', {
    ingest,
    deviceLinks,
    alerts,
    readingStorage,
    exports,
    fhir,
    audit,
    readings,
  } satisfies AppServices);

  return app;
}
