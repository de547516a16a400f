import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { AlertTransition } from '@vigil/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * What an operator reads of one instance at `GET /metrics`, in Prometheus's text format (decision
 * 032). Every label is a route pattern, a status, a class or a job's name: never a URL, an id or
 * anything about a patient. Counters count what this process did since it started; Prometheus
 * scrapes each instance on its own port and sums them.
 */

/** How long a request takes, in seconds: most are a few milliseconds, an export or a report seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From an event's transaction to its dispatch here: milliseconds on one instance, tens across. */
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30];

/** The label of a request the router matched to no route (the web app's pages, unknown paths). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Where the database pool stands (PostgreSQL; PGlite is one connection and reports none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Where a dispatched live event was committed: by this instance, or another (by NOTIFY). */
export type EventOrigin = 'this-instance' | 'other-instance';

/**
 * The process's own metrics (CPU, memory, event loop, garbage collection), kept once per process:
 * tests build many apps in one process, and each collector of these watches the process, not an app.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The instance's metrics: a registry of its own and one method per thing that is counted. */
export function createMetrics(deps: { poolStats?: () => PoolStats | null } = {}) {
  const registry = new Registry();
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'vigil_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  let inFlight: () => number = () => 0;
  new Gauge({
    name: 'vigil_http_requests_in_flight',
    help: 'Requests being answered now, open event streams included (a drain waits for them)',
    registers,
    collect() {
      this.set(inFlight());
    },
  });

  let openStreams: () => number = () => 0;
  new Gauge({
    name: 'vigil_event_streams_open',
    help: 'Live event streams (GET /api/events) open on this instance',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  const eventsDelivered = new Counter({
    name: 'vigil_live_events_delivered_total',
    help: 'Live events written to client streams (one per event and stream)',
    registers,
  });
  const eventsDispatched = new Counter({
    name: 'vigil_live_events_dispatched_total',
    help: 'Live events this instance dispatched to its streams, by where they were committed',
    labelNames: ['origin'] as const,
    registers,
  });
  const eventLag = new Histogram({
    name: 'vigil_live_event_lag_seconds',
    help: "From a live event's transaction to its dispatch to this instance's streams, by where it was committed",
    labelNames: ['origin'] as const,
    buckets: LAG_BUCKETS,
    registers,
  });

  const readingsIngested = new Counter({
    name: 'vigil_readings_ingested_total',
    help: 'Readings stored by the ingest (resends not counted), by provenance',
    labelNames: ['provenance'] as const,
    registers,
  });

  const alertsRaised = new Counter({
    name: 'vigil_alerts_raised_total',
    help: 'Alerts raised, by kind and priority',
    labelNames: ['kind', 'priority'] as const,
    registers,
  });
  const alertsAcknowledged = new Counter({
    name: 'vigil_alerts_acknowledged_total',
    help: 'Alerts acknowledged by a person, by priority',
    labelNames: ['priority'] as const,
    registers,
  });
  const alertsEscalated = new Counter({
    name: 'vigil_alerts_escalated_total',
    help: 'Alerts escalated at their deadline, by the level reached (1: ward manager, 2: doctor)',
    labelNames: ['level'] as const,
    registers,
  });
  const alertsResolved = new Counter({
    name: 'vigil_alerts_resolved_total',
    help: 'Alerts resolved, by kind',
    labelNames: ['kind'] as const,
    registers,
  });

  const jobRuns = new Counter({
    name: 'vigil_background_job_runs_total',
    help: 'Runs of background work (alert timers, lease sweep, housekeeping), by job',
    labelNames: ['job'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'vigil_background_job_failures_total',
    help: 'Runs of background work that failed, by job',
    labelNames: ['job'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'vigil_background_job_duration_seconds',
    help: 'How long a run of background work took, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });

  const pool = () => deps.poolStats?.() ?? null;
  new Gauge({
    name: 'vigil_db_pool_connections',
    help: 'PostgreSQL connections of this instance, by state (in use, idle)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = pool();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'vigil_db_pool_waiting_requests',
    help: 'Queries of this instance waiting for a PostgreSQL connection',
    registers,
    collect() {
      const stats = pool();
      if (stats) this.set(stats.waiting);
    },
  });
  new Gauge({
    name: 'vigil_db_pool_max_connections',
    help: "The most PostgreSQL connections this instance's pool opens",
    registers,
    collect() {
      const stats = pool();
      if (stats) this.set(stats.max);
    },
  });

  return {
    /** The text Prometheus scrapes: this instance's metrics and the process's. */
    async render(): Promise<{ contentType: string; text: string }> {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },

    requestAnswered(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_code: String(statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },

    /** Where the number of requests in flight is read from, at each scrape. */
    countInFlightWith(count: () => number) {
      inFlight = count;
    },

    /** Where the number of open streams is read from, at each scrape. */
    countStreamsWith(count: () => number) {
      openStreams = count;
    },
    eventsDelivered(count: number) {
      if (count > 0) eventsDelivered.inc(count);
    },
    /** A live event dispatched to this instance's streams, `createdAt` its transaction's time. */
    eventDispatched(createdAt: Date, origin: EventOrigin) {
      eventsDispatched.inc({ origin });
      eventLag.observe({ origin }, Math.max(0, (Date.now() - createdAt.getTime()) / 1000));
    },

    /** Readings the ingest stored, each by its provenance (observation, device, …). */
    readingsIngested(provenances: readonly string[]) {
      for (const provenance of provenances) readingsIngested.inc({ provenance });
    },

    /**
     * An alert's transition, as it is recorded (in its cause's transaction: a transaction that then
     * fails has still counted it; decision 032).
     */
    alertTransition(transition: AlertTransition, alert: { kind: string; priority: string }) {
      switch (transition.type) {
        case 'raise':
          alertsRaised.inc({ kind: alert.kind, priority: transition.priority });
          return;
        case 'escalate':
          alertsEscalated.inc({ level: String(transition.level) });
          return;
        case 'acknowledge':
          alertsAcknowledged.inc({ priority: alert.priority });
          if (transition.resolves) alertsResolved.inc({ kind: alert.kind });
          return;
        case 'resolve':
          alertsResolved.inc({ kind: alert.kind });
          return;
        default:
          return;
      }
    },

    /** `task` counted as a run of `job` each time it runs: its duration, and whether it failed. */
    job<T>(job: string, task: () => Promise<T>): () => Promise<T> {
      return async () => {
        const end = jobDuration.startTimer({ job });
        jobRuns.inc({ job });
        try {
          return await task();
        } catch (error) {
          jobFailures.inc({ job });
          throw error;
        } finally {
          end();
        }
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Who may read `GET /metrics`: a scraper holding the metrics token, or one at an allowed address. */
export interface ScrapeAccess {
  /** METRICS_TOKEN; null when not set. */
  token: string | null;
  /** METRICS_ALLOWED_ADDRESSES: IP addresses and CIDR ranges. */
  allowedAddresses: readonly string[];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** An address list of IPs and CIDR ranges as a BlockList (both IPv4 and IPv6). */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return list;
}

/**
 * The check of the `metrics` access kind (plugins/access.ts): the token as `Authorization: Bearer …`
 * (compared in constant time), or the connection's own address in the allowed list. The address is
 * the socket's, never `X-Forwarded-For`, and a request a proxy forwarded (it carries that header)
 * never counts by address: behind a proxy every request comes from the proxy. The load balancer
 * refuses /metrics itself, and Prometheus scrapes each instance directly.
 */
export function createScrapeCheck(config: ScrapeAccess) {
  const expected = config.token ? digest(config.token) : null;
  const allowed = addressList(config.allowedAddresses);
  const hasAddresses = config.allowedAddresses.length > 0;
  return (request: FastifyRequest): void => {
    if (!expected && !hasAddresses) {
      throw forbidden(
        'Metrics are turned off on this server: set METRICS_TOKEN or METRICS_ALLOWED_ADDRESSES',
        'METRICS_DISABLED',
      );
    }
    const header = request.headers.authorization;
    if (header !== undefined) {
      const token = /^Bearer (\S+)$/.exec(header)?.[1];
      if (expected && token && timingSafeEqual(digest(token), expected)) return;
      throw unauthorized('The metrics token is wrong', 'INVALID_METRICS_TOKEN');
    }
    const remote = request.socket.remoteAddress ?? '';
    const plain = remote.startsWith('::ffff:') ? remote.slice(7) : remote;
    // A request a proxy forwarded comes from the proxy's address, whoever sent it: not a scraper's.
    const isProxied = request.headers['x-forwarded-for'] !== undefined;
    if (hasAddresses && plain && !isProxied && allowed.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4'))
      return;
    throw unauthorized(
      'Send the metrics token as "Authorization: Bearer …", or scrape from an address in METRICS_ALLOWED_ADDRESSES',
      'METRICS_TOKEN_REQUIRED',
    );
  };
}

/**
 * Counts every answered request by its route's pattern (`/api/patients/:id`, never the URL) and
 * status, with its duration. An event stream is counted by the streams it holds, not here.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Pick<Metrics, 'requestAnswered'>) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
