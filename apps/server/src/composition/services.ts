import { RECORD_OPENING_WINDOW_MS } from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { createAlertRepository } from '../modules/alerts/repository.ts';
import { createAlertService } from '../modules/alerts/service.ts';
import { createOpenAiNarrator } from '../modules/analysis/narrator.ts';
import { createAnalysisService } from '../modules/analysis/service.ts';
import { createMemoryAuditAnchor } from '../modules/audit/anchor.ts';
import { createRefusalsRepository } from '../modules/audit/refusals-repository.ts';
import { createAuditRepository } from '../modules/audit/repository.ts';
import { createAuditService } from '../modules/audit/service.ts';
import { createAuthRepository } from '../modules/auth/repository.ts';
import { createAuthService } from '../modules/auth/service.ts';
import { createThrottleRepository } from '../modules/auth/throttle-repository.ts';
import { createBridgeRepository } from '../modules/bridge/repository.ts';
import { createBridgeService } from '../modules/bridge/service.ts';
import { createCareRepository } from '../modules/care/repository.ts';
import { createCareService } from '../modules/care/service.ts';
import { createDeviceLinkRepository } from '../modules/devices/link-repository.ts';
import { createDeviceLinkService } from '../modules/devices/link-service.ts';
import { createDeviceTokenRepository } from '../modules/devices/repository.ts';
import { createDeviceTokenService } from '../modules/devices/service.ts';
import { createEventFanOut } from '../modules/events/fan-out.ts';
import {
  ALERT_SETTINGS_CHANGED,
  DEVICE_TOKENS_ENDED,
  internalEvent,
  STREAMS_ENDED,
  type StreamsEndedData,
} from '../modules/events/internal-events.ts';
import { createListenConnection } from '../modules/events/listen-connection.ts';
import { createEventLogRepository, EVENTS_CHANNEL } from '../modules/events/repository.ts';
import { createLiveEventsService } from '../modules/events/service.ts';
import { createStreamsRepository } from '../modules/events/streams-repository.ts';
import { createExportRepository } from '../modules/fhir/export-repository.ts';
import { createExportService } from '../modules/fhir/export-service.ts';
import { createFhirRepository } from '../modules/fhir/repository.ts';
import { createFhirService } from '../modules/fhir/service.ts';
import { createHandoverRepository } from '../modules/handover/repository.ts';
import { createHandoverService } from '../modules/handover/service.ts';
import { createPatientRepository } from '../modules/patients/repository.ts';
import { createPatientService } from '../modules/patients/service.ts';
import { createCorrectionService } from '../modules/readings/correction-service.ts';
import { createIngestService } from '../modules/readings/ingest-service.ts';
import { createReadingRepository } from '../modules/readings/repository.ts';
import { createRetentionRepository } from '../modules/readings/retention-repository.ts';
import { countingProvenances, createReadingService } from '../modules/readings/service.ts';
import { createReadingStorageService } from '../modules/readings/storage-service.ts';
import { createTimeseriesRepository } from '../modules/readings/timeseries-repository.ts';
import { createTrendRepository } from '../modules/readings/trend-repository.ts';
import { createTrendService } from '../modules/readings/trend-service.ts';
import { createSmartRepository } from '../modules/smart/repository.ts';
import { createSmartService } from '../modules/smart/service.ts';
import { createAssignmentRepository } from '../modules/ward/assignment-repository.ts';
import { createAssignmentService } from '../modules/ward/assignments.ts';
import { createBoardService } from '../modules/ward/board.ts';
import { createLayoutService } from '../modules/ward/layout.ts';
import { createWardRepository } from '../modules/ward/repository.ts';
import { createLeadWindows, createShiftLeadService } from '../modules/ward/shift-leads.ts';
import { createOutreachService } from '../modules/wards/outreach.ts';
import { createTransferRepository, createWardsRepository } from '../modules/wards/repository.ts';
import { createWardsService } from '../modules/wards/service.ts';
import { createWearableRepository } from '../modules/wearables/repository.ts';
import { createWearableService } from '../modules/wearables/service.ts';
import { createTokenCipher } from '../modules/wearables/token-cipher.ts';
import { createWhoopApi } from '../modules/wearables/whoop-api.ts';
import type { Metrics } from '../plugins/metrics.ts';
import type { AppDeps } from './deps.ts';

/** Every module's service, each from its repository and the services it uses. */
export type Services = ReturnType<typeof createServices>;

/**
 * Builds every service from the app's explicit dependencies. Nothing starts here: the timers, the
 * poller and the live-event connection start when the app is ready (composition/background.ts).
 */
export function createServices(deps: AppDeps, clock: Clock, log: FastifyBaseLogger, metrics?: Metrics) {
  const { config, database } = deps;
  // main.ts passes the key and checkpoint file of the data folder; an app built without them (tests,
  // benchmarks) keeps its checkpoints in memory under a key of its own.
  const auditAnchor = deps.auditAnchor ?? createMemoryAuditAnchor(config.audit.key ?? undefined);
  const audit = createAuditService({
    repo: createAuditRepository(database.db, database.run, auditAnchor),
    database,
    clock,
    anchor: auditAnchor,
    refusals: createRefusalsRepository(),
  });
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
    onError: (error) => log.warn({ err: { message: (error as Error).message } }, 'live events'),
  });
  const liveEvents = createLiveEventsService({
    log: eventLog,
    fanOut,
    // A stream whose instance stopped refreshing it for three pings no longer counts.
    streams: createStreamsRepository(database.db, Math.max(3 * pingIntervalMs, 1000)),
    clock,
    maxStreamsPerUser: deps.maxStreamsPerUser ?? config.eventStreamsPerUser,
    heartbeatIntervalMs: pingIntervalMs,
    metrics,
  });
  const assignmentRepository = createAssignmentRepository(database.db);
  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    counters: createThrottleRepository(database.db),
    database,
    clock,
    ...(deps.loginThrottle ? { throttle: deps.loginThrottle } : {}),
    audit,
    registration: config.registration,
    // The nurse in charge of a shift holds its permissions while it runs (decision 024).
    leadWindows: createLeadWindows({ repo: assignmentRepository, defaultTimeZone: config.wardTimeZone }),
    // Through the live-event fan-out, so the streams end on every instance.
    async endStreams(data: StreamsEndedData) {
      const rows = await database.transaction((run) =>
        liveEvents.record(run, [internalEvent(STREAMS_ENDED, data)]),
      );
      liveEvents.committed(rows);
    },
  });
  const wardsRepository = createWardsRepository(database.db, database.run);
  const alerts = createAlertService({
    database,
    repo: createAlertRepository(database.db),
    clock,
    liveEvents,
    audit,
    // An escalation reaches the people of the patient's ward, or the outreach team (decision 035).
    recipients: wardsRepository.recipients,
    metrics,
  });
  // Every reading, however entered (a form, an admission, a device, the bridge, WHOOP), takes this path.
  const ingest = createIngestService({
    database,
    audit,
    clock,
    liveEvents,
    alerts,
    acceptSimulated: config.acceptSimulatedReadings,
    metrics,
  });
  const patients = createPatientService({
    repo: createPatientRepository(database.db),
    clock,
    liveEvents,
    audit,
    alerts,
    ingest,
  });
  const trendRepository = createTrendRepository(database.db);
  const retention = createRetentionRepository(database);
  // Every answer built from readings (the trend, the chart, the NEWS2 series, the analysis) is this
  // trend: bounded whatever the rate of readings (decision 029).
  const trend = createTrendService({
    timeseries: createTimeseriesRepository(database),
    trends: trendRepository,
    counting: countingProvenances,
    retentionCutoff: () => new Date(clock.now().getTime() - config.deviceReadingsRetentionDays * 86_400_000),
    clock,
  });
  const corrections = createCorrectionService({
    database,
    ingest,
    alerts,
    liveEvents,
    audit,
    counting: countingProvenances,
    clock,
  });
  const readingStorage = createReadingStorageService({
    retention,
    audit,
    clock,
    retentionDays: config.deviceReadingsRetentionDays,
  });
  const readings = createReadingService({
    repo: createReadingRepository(database.db),
    trends: trendRepository,
    trendService: trend,
    patients,
    clock,
  });
  const narrator =
    deps.narrator !== undefined ? deps.narrator : config.ai ? createOpenAiNarrator(config.ai) : null;
  const analysis = createAnalysisService({ patients, readings, clock, narrator });
  // The database went away: the ward as last read is not answered for current while it is down.
  database.onConnectionLost(() => patients.patientsChanged());
  const fhirRepository = createFhirRepository(database.db);
  const fhir = createFhirService({ repo: fhirRepository, audit, openingWindowMs: RECORD_OPENING_WINDOW_MS });
  const exports = createExportService({
    repo: fhirRepository,
    jobs: createExportRepository(database.db),
    limits: config.bulkExport,
    fhir,
    audit,
    clock,
    onError: (error) => log.error({ err: { name: (error as Error).name } }, 'FHIR export failed'),
  });
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
  const deviceTokens = createDeviceTokenService({
    repo: createDeviceTokenRepository(database.db),
    clock,
    patients,
    audit,
    liveEvents,
    links: deviceLinks,
  });
  const bridge = createBridgeService({ repo: createBridgeRepository(database.db), clock });
  const smart = createSmartService({
    repo: createSmartRepository(database.db),
    clock,
    audit,
    jwksAllowPrivate: config.smartJwksAllowPrivate,
  });
  const care = createCareService({ repo: createCareRepository(database.db), patients, clock, audit });
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
      info: (fields, message) => log.info(fields, message),
      warn: (fields, message) => log.warn(fields, message),
    },
  });
  // The ward (beds, shifts, assignments, the board) and its handovers: the board counts handovers,
  // and a handover reads the ward's shifts and assignments.
  const layout = createLayoutService({
    repo: createWardRepository(database.db),
    clock,
    audit,
    liveEvents,
    alerts,
    patientsChanged: () => patients.patientsChanged(),
  });
  const assignments = createAssignmentService({
    repo: assignmentRepository,
    layout,
    clock,
    audit,
    liveEvents,
    defaultTimeZone: config.wardTimeZone,
  });
  const handovers = createHandoverService({
    repo: createHandoverRepository(database.db),
    assignments,
    layout,
    patients,
    leadOf: async (wardId, shiftKey) => (await assignmentRepository.lead(wardId, shiftKey))?.nurseId ?? null,
    alerts,
    care,
    clock,
    audit,
    liveEvents,
  });
  const board = createBoardService({ layout, assignments, patients, alerts, handovers, readings, clock });
  const wards = createWardsService({
    repo: wardsRepository,
    transfers: createTransferRepository(database.db),
    clock,
    audit,
    liveEvents,
    database,
    alerts,
    patientsChanged: () => patients.patientsChanged(),
  });
  const outreach = createOutreachService({
    patients,
    trends: readings,
    alerts,
    wards: { list: () => wards.list(), beds: () => wardsRepository.beds() },
    clock,
  });
  const shiftLeads = createShiftLeadService({
    repo: assignmentRepository,
    assignments,
    clock,
    audit,
    liveEvents,
  });

  // Live events reach every instance: what ended sessions or changed a person (their streams end)
  // and what ended device tokens or changed the alert settings empty this instance's caches of them.
  liveEvents.subscribe(STREAMS_ENDED, (ended) => auth.sessionsChanged(ended));
  liveEvents.subscribe(DEVICE_TOKENS_ENDED, (ended) => deviceTokens.tokensEnded(ended));
  liveEvents.subscribe(ALERT_SETTINGS_CHANGED, () => alerts.settingsChanged());
  // What changed a patient empties this instance's caches of them.
  liveEvents.subscribeAll((rows) => {
    for (const row of rows) {
      // A discharge (a ward change) takes a patient off the list as well.
      if (row.type === 'patient-updated' || row.type === 'ward-changed') patients.patientsChanged();
      if (row.patientId !== null) analysis.patientChanged(row.patientId);
    }
  });

  return {
    pingIntervalMs,
    audit,
    liveEvents,
    auth,
    alerts,
    patients,
    readings,
    trend,
    corrections,
    readingStorage,
    analysis,
    fhir,
    exports,
    deviceTokens,
    bridge,
    smart,
    care,
    ingest,
    deviceLinks,
    wearables,
    layout,
    assignments,
    handovers,
    board,
    shiftLeads,
    wards,
    outreach,
  };
}
