import cookie from '@fastify/cookie';
import { RECORD_OPENING_WINDOW_MS } from '@vigil/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { every } from './lib/every.ts';
import { createAlertRepository } from './modules/alerts/repository.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { type AlertService, createAlertService } from './modules/alerts/service.ts';
import { createOpenAiNarrator, type Narrator } from './modules/analysis/narrator.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { createAnalysisService } from './modules/analysis/service.ts';
import { type AuditAnchor, createMemoryAuditAnchor } from './modules/audit/anchor.ts';
import { actorOf } from './modules/audit/context.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createRefusalsRepository } from './modules/auth/refusals-repository.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService, type LoginThrottleOptions } from './modules/auth/service.ts';
import { readSessionToken } from './modules/auth/session-cookie.ts';
import { createThrottleRepository } from './modules/auth/throttle-repository.ts';
import { createBridgeRepository } from './modules/bridge/repository.ts';
import { bridgeRoutes } from './modules/bridge/routes.ts';
import { createBridgeService } from './modules/bridge/service.ts';
import { createCareRepository } from './modules/care/repository.ts';
import { careRoutes } from './modules/care/routes.ts';
import { createCareService } from './modules/care/service.ts';
import { createDeviceLinkRepository } from './modules/devices/link-repository.ts';
import { createDeviceLinkService, type DeviceLinkService } from './modules/devices/link-service.ts';
import { createDeviceTokenRepository } from './modules/devices/repository.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { createDeviceTokenService } from './modules/devices/service.ts';
import { createEventFanOut } from './modules/events/fan-out.ts';
import { createListenConnection } from './modules/events/listen-connection.ts';
import { createEventLogRepository, EVENTS_CHANNEL } from './modules/events/repository.ts';
import {
  DEVICE_TOKENS_ENDED,
  type DeviceTokensEndedData,
  eventRoutes,
  STREAMS_ENDED,
  type StreamsEndedData,
} from './modules/events/routes.ts';
import { createLiveEventsService } from './modules/events/service.ts';
import { createStreamsRepository } from './modules/events/streams-repository.ts';
import { createExportService } from './modules/fhir/export-service.ts';
import { createFhirRepository } from './modules/fhir/repository.ts';
import { fhirRoutes } from './modules/fhir/routes.ts';
import { createFhirService } from './modules/fhir/service.ts';
import { createPatientRepository } from './modules/patients/repository.ts';
import { patientRoutes } from './modules/patients/routes.ts';
import { createPatientService } from './modules/patients/service.ts';
import { createIngestService, type IngestService } from './modules/readings/ingest-service.ts';
import { createReadingRepository } from './modules/readings/repository.ts';
import { readingRoutes } from './modules/readings/routes.ts';
import { createReadingService } from './modules/readings/service.ts';
import { createTrendRepository } from './modules/readings/trend-repository.ts';
import { createSmartRepository } from './modules/smart/repository.ts';
import { smartClientRoutes } from './modules/smart/routes.ts';
import { createSmartService } from './modules/smart/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { APP_VERSION, createSystemService } from './modules/system/service.ts';
import { createAssignmentRepository } from './modules/ward/assignment-repository.ts';
import { registerWard } from './modules/ward/register.ts';
import { createLeadWindows } from './modules/ward/shift-leads.ts';
import { createWearableRepository } from './modules/wearables/repository.ts';
import { wearableRoutes } from './modules/wearables/routes.ts';
import { createWearableService } from './modules/wearables/service.ts';
import { createTokenCipher } from './modules/wearables/token-cipher.ts';
import { createWhoopApi } from './modules/wearables/whoop-api.ts';
import { PUBLIC_BODY_LIMIT, registerAccessControl } from './plugins/access.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { FHIR_BASE_PATH, openApiRoutes, registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';

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
}

/** The services start-up work and tests reach beside the routes (the demo seed's ingest, a sweep). */
export interface AppServices {
  ingest: IngestService;
  deviceLinks: DeviceLinkService;
  alerts: AlertService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the HTTP app with explicit dependencies. Never listens: main.ts and tests decide that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
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
  // main.ts passes the key and checkpoint file of the data folder; an app built without them (tests,
  // benchmarks) keeps its checkpoints in memory under a key of its own.
  const auditAnchor = deps.auditAnchor ?? createMemoryAuditAnchor(config.audit.key ?? undefined);
  const audit = createAuditService({
    repo: createAuditRepository(database.db, database.run, auditAnchor),
    database,
    clock,
    anchor: auditAnchor,
  });
  app.addHook('onReady', () =>
    audit.startCheckpoints(config.audit.checkpointIntervalMs, (error) =>
      app.log.error({ err: { message: (error as Error).message } }, 'audit checkpoint'),
    ),
  );
  app.addHook('onClose', () => audit.stopCheckpoints().catch(() => {}));
  const pingIntervalMs = deps.pingIntervalMs ?? 20_000;
  const eventLog = createEventLogRepository(database);
  const fanOut = createEventFanOut({
    log: eventLog,
    // PostgreSQL: other instances' events arrive on a LISTEN connection of this instance's own.
    listen: database.connectionString
      ? (handlers) =>
          createListenConnection({
            connectionString: database.connectionString!,
            channel: EVENTS_CHANNEL,
            ...handlers,
          })
      : null,
    onError: (error) => app.log.warn({ err: { message: (error as Error).message } }, 'live events'),
  });
  const liveEvents = createLiveEventsService({
    log: eventLog,
    fanOut,
    // A stream whose instance stopped refreshing it for three pings no longer counts.
    streams: createStreamsRepository(database.db, Math.max(3 * pingIntervalMs, 1000)),
    clock,
    maxStreamsPerUser: deps.maxStreamsPerUser ?? config.eventStreamsPerUser,
    heartbeatIntervalMs: pingIntervalMs,
  });
  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    counters: createThrottleRepository(database.db),
    refusals: createRefusalsRepository(),
    database,
    clock,
    ...(deps.loginThrottle ? { throttle: deps.loginThrottle } : {}),
    audit,
    registration: config.registration,
    // The nurse in charge of a shift holds its permissions while it runs (decision 024).
    leadWindows: createLeadWindows({
      repo: createAssignmentRepository(database.db),
      defaultTimeZone: config.wardTimeZone,
    }),
    // Through the live-event fan-out, so the streams end on every instance.
    async endStreams(data: StreamsEndedData) {
      const rows = await database.transaction((run) =>
        liveEvents.record(run, [{ type: STREAMS_ENDED, patientId: null, data }]),
      );
      liveEvents.committed(rows);
    },
  });
  const alerts = createAlertService({
    database,
    repo: createAlertRepository(database.db),
    clock,
    liveEvents,
    audit,
  });
  const patients = createPatientService({
    repo: createPatientRepository(database.db),
    clock,
    liveEvents,
    audit,
    alerts,
  });
  // Live events reach every instance: what ended sessions or changed a person (their streams end),
  // what ended device tokens and what changed a patient empty this instance's caches of them.
  fanOut.subscribe((rows) => {
    for (const row of rows) {
      if (row.type === STREAMS_ENDED) auth.sessionsChanged(row.data as StreamsEndedData);
      else if (row.type === DEVICE_TOKENS_ENDED) deviceTokens.tokensEnded(row.data as DeviceTokensEndedData);
      // A discharge (a ward change) takes a patient off the list as well.
      else if (row.type === 'patient-updated' || row.type === 'ward-changed') patients.patientsChanged();
      if (row.patientId !== null) analysis.patientChanged(row.patientId);
    }
  });
  // The database went away: the ward as last read is not answered for current while it is down.
  database.onConnectionLost(() => patients.patientsChanged());
  const readings = createReadingService({
    repo: createReadingRepository(database.db),
    trends: createTrendRepository(database.db),
    patients,
    clock,
  });
  const fhirRepository = createFhirRepository(database.db);
  const fhir = createFhirService({ repo: fhirRepository, audit, openingWindowMs: RECORD_OPENING_WINDOW_MS });
  const exports = createExportService({
    repo: fhirRepository,
    fhir,
    audit,
    clock,
    onError: (error) => app.log.error({ err: { name: (error as Error).name } }, 'FHIR export failed'),
  });
  const deviceTokens = createDeviceTokenService({
    repo: createDeviceTokenRepository(database.db),
    clock,
    patients,
    audit,
    liveEvents,
  });
  const bridge = createBridgeService({ repo: createBridgeRepository(database.db), clock });
  const smart = createSmartService({ repo: createSmartRepository(database.db), clock, audit });
  registerAccessControl(app, {
    async authenticate(request) {
      const token = readSessionToken(request.cookies, cookieOptions);
      return token ? auth.authenticate(token) : null;
    },
    // The role's, and what the person holds for now (a nurse in charge's, while the shift runs).
    permissionsOf: (user) => new Set(user.permissions),
    verifyDeviceToken: deviceTokens.verify,
    usePairingToken: (token) => bridge.usePairing(token),
    verifySmartToken: (token) => smart.verify(token),
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
  });
  await registerOpenApi(app, { title: 'Vigil', version: APP_VERSION });

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

  await app.register(authRoutes, {
    auth,
    cookie: cookieOptions,
    registerPerMinute: deps.registerPerMinute ?? 20,
  });
  await app.register(auditRoutes, { audit });
  await app.register(systemRoutes, { system: createSystemService({ database, config }) });
  await app.register(openApiRoutes);

  const narrator =
    deps.narrator !== undefined ? deps.narrator : config.ai ? createOpenAiNarrator(config.ai) : null;
  const analysis = createAnalysisService({ patients, readings, clock, narrator });
  await app.register(patientRoutes, { patients });
  const care = createCareService({ repo: createCareRepository(database.db), patients, clock, audit });
  await app.register(careRoutes, { care });
  await app.register(analysisRoutes, { analysis });
  const ingest = createIngestService({
    database,
    audit,
    clock,
    liveEvents,
    patients,
    alerts,
    acceptSimulated: config.acceptSimulatedReadings,
  });
  await app.register(readingRoutes, { ingest, readings });
  await app.register(alertRoutes, { alerts });
  await registerWard(app, {
    database,
    clock,
    audit,
    liveEvents,
    patients,
    alerts,
    care,
    readings,
    timeZone: config.wardTimeZone,
  });
  if (deps.alertTimers !== false) {
    const timers = every(config.alertTickIntervalMs, () => alerts.tick());
    app.addHook('onReady', async () => timers.start());
    app.addHook('onClose', () => timers.stop());
  }
  const deviceLinks = createDeviceLinkService({
    repo: createDeviceLinkRepository(database.db),
    clock,
    liveEvents,
    audit,
    patients,
    alerts,
    acceptSimulated: config.acceptSimulatedReadings,
    leaseMs: config.deviceLinkLeaseMs,
  });
  const wearables = createWearableService({
    config: config.whoop,
    repo: createWearableRepository(database.db),
    clock,
    cipher: config.whoop ? createTokenCipher(config.whoop.tokenKey) : null,
    api: config.whoop
      ? createWhoopApi({
          baseUrl: config.whoop.apiBaseUrl,
          clock,
          requestsPerMinute: config.whoop.requestsPerMinute,
          requestsPerDay: config.whoop.requestsPerDay,
        })
      : null,
    ingest,
    patients,
    links: deviceLinks,
    log: {
      info: (fields, message) => app.log.info(fields, message),
      warn: (fields, message) => app.log.warn(fields, message),
    },
  });
  await app.register(wearableRoutes, { wearables, patients });
  if (deps.wearablePoller !== false) {
    app.addHook('onReady', async () => wearables.start());
    app.addHook('onClose', () => wearables.stop());
  }
  if (deps.deviceSweep !== false) {
    const sweep = every(config.deviceSweepIntervalMs, () => deviceLinks.sweep());
    app.addHook('onReady', async () => sweep.start());
    app.addHook('onClose', () => sweep.stop());
  }
  await app.register(deviceRoutes, { tokens: deviceTokens, links: deviceLinks });
  await app.register(bridgeRoutes, { bridge });
  await app.register(eventRoutes, { liveEvents, auth, pingIntervalMs });
  await app.register(smartClientRoutes, { smart });
  await app.register(fhirRoutes, {
    prefix: FHIR_BASE_PATH,
    fhir,
    exports,
    smart,
    clock,
    version: APP_VERSION,
    publicUrl: config.publicUrl,
  });
  await registerWebApp(app, config.webDist);
  app.decorate('services', { ingest, deviceLinks, alerts } satisfies AppServices);

  return app;
}
