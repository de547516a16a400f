import { randomUUID } from 'node:crypto';
import { type SmartResourceType, scopesAllowRead } from '@vigil/domain';
import type { Resource } from 'fhir/r4';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { OBSERVATION_SUFFIXES } from './codes.ts';
import type { ExportJobRow, ExportRepository } from './export-repository.ts';
import { toFhirDevice, toFhirPatient } from './mappers.ts';
import type { FhirRepository, ReadingFilter } from './repository.ts';
import {
  cursorOf,
  encodeCursor,
  invalidSearch,
  type ObservationCursor,
  type RawQuery,
  refuseUnknown,
} from './search.ts';
import type { FhirService } from './service.ts';

/**
 * FHIR Bulk Data export (https://hl7.org/fhir/uv/bulkdata/export.html) as background jobs
 * (decision 031): a kick-off queues a job and answers 202 with its status URL; one instance claims
 * it and writes NDJSON from a cursor, page by page, yielding to interactive requests between pages,
 * into files cut at a bounded size that any instance serves; a status poll answers 202 with
 * X-Progress until the manifest. A job survives a restart: another claim resumes it after its last
 * file. Files expire an hour after the export completes.
 */
export const EXPORT_TYPES = [
  'Patient',
  'Device',
  'Observation',
  'Provenance',
] as const satisfies readonly SmartResourceType[];
export const EXPORT_PARAMS = ['_outputFormat', '_since', '_type'] as const;
const OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
export const EXPORT_FILES_LIFETIME_MS = 60 * 60_000;
/** A job not finished this long after its kick-off is given up. */
const GIVE_UP_AFTER_MS = 6 * 60 * 60_000;
/** A claim holds this long unless renewed (the worker renews it about every HEARTBEAT_MS). */
export const EXPORT_LEASE_MS = 60_000;
const HEARTBEAT_MS = 1000;
/**
 * Resources read per page: the most held in memory besides the file being written, and the work
 * done between two yields to interactive requests (a page of Observations maps ~100 readings).
 */
const PAGE = 100;
/** How long a client should wait before polling again or asking again (seconds). */
const RETRY_AFTER_S = 2;

/** Who asks: a signed-in person, or a SMART client with its scopes. */
export interface ExportRequester {
  actor: AuditActor;
  userId: number | null;
  /** The SMART client's id and granted scopes; null for a person. */
  client: { clientId: string; scopes: readonly string[] } | null;
}

export interface ExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: true;
  output: { type: string; url: string; count: number }[];
  error: { type: string; url: string }[];
}

/** Where a job got to: the type it writes, the cursor after its last file, how many it wrote. */
interface ExportProgress {
  type: number;
  cursor: string | null;
  written: number;
}

/** One page of a type from a cursor: its resources and the cursor after them (null: the type is done). */
type PageOf = (
  job: ExportJobRow,
  cursor: string | null,
) => Promise<{ resources: Resource[]; next: string | null }>;

/**
 * Lets the event loop answer what waits (interactive requests) before the next page, and rests as
 * long as the page's own work took: an export takes at most about half of the process (and of the
 * database connection's time), so the ward's requests find both free.
 */
const yieldToRequests = (workedMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(Math.max(workedMs, 0), 100)));

export function createExportService(deps: {
  repo: FhirRepository;
  jobs: ExportRepository;
  fhir: FhirService;
  audit: AuditService;
  clock: Clock;
  limits: { perRequester: number; active: number; fileBytes: number };
  onError?: (error: unknown) => void;
}) {
  const { repo, jobs, fhir, audit, clock, limits } = deps;
  const instance = randomUUID();

  /** A job's requester may poll it, fetch its files and cancel it; nobody else may. */
  function assertOwner(job: ExportJobRow, who: ExportRequester) {
    const mine = who.client
      ? job.clientId === who.client.clientId
      : job.clientId === null && job.userId === who.userId;
    if (!mine) throw notFound('No such export');
  }

  const observationFilter = (job: ExportJobRow): ReadingFilter => ({
    kinds: new Set(OBSERVATION_SUFFIXES),
    ...(job.since ? { storedSince: job.since } : {}),
    ...(job.patientIds ? { patientIds: job.patientIds } : {}),
  });
  const idCursor = (cursor: string | null) => (cursor === null ? undefined : Number(cursor));

  // Every exported type is in the Patient compartment, so a Patient/$export holds the same data; a
  // Group export holds its members' (fixed at its kick-off).
  const pages: Record<(typeof EXPORT_TYPES)[number], PageOf> = {
    async Patient(job, cursor) {
      const afterId = idCursor(cursor);
      const rows = await repo.patients({
        ...(job.patientIds ? { ids: job.patientIds } : {}),
        ...(job.since ? { since: job.since } : {}),
        ...(afterId ? { afterId } : {}),
        limit: PAGE,
      });
      return {
        resources: rows.map(toFhirPatient),
        next: rows.length < PAGE ? null : String(rows.at(-1)!.id),
      };
    },
    async Device(job, cursor) {
      const afterId = idCursor(cursor);
      const rows = await repo.devices({
        ...(job.patientIds ? { patientIds: job.patientIds } : {}),
        ...(job.since ? { since: job.since } : {}),
        ...(afterId ? { afterId } : {}),
        limit: PAGE,
      });
      return { resources: rows.map(toFhirDevice), next: rows.length < PAGE ? null : String(rows.at(-1)!.id) };
    },
    Observation: (job, cursor) =>
      perPatient(job, cursor, async (filter, from) => {
        const page = await fhir.observationPage(filter, 'asc', from, PAGE);
        return { resources: page.observations, ...(page.next ? { next: page.next } : {}) };
      }),
    Provenance: (job, cursor) =>
      perPatient(job, cursor, async (filter, from) => {
        const page = await fhir.provenancePage(filter, from, PAGE / 2);
        return { resources: page.provenance, ...(page.next ? { next: page.next } : {}) };
      }),
  };

  /** The patient after `afterId` that the job exports (its Group's, or any); null after the last. */
  async function nextPatient(job: ExportJobRow, afterId: number): Promise<number | null> {
    const [row] = await repo.patients({
      ...(job.patientIds ? { ids: job.patientIds } : {}),
      ...(afterId ? { afterId } : {}),
      limit: 1,
    });
    return row?.id ?? null;
  }

  /**
   * Readings are exported one patient after another, so that each page is a range of one patient's
   * readings in time order (their index), not a sort of every reading; the cursor names the patient
   * and where in their readings the next page starts.
   */
  async function perPatient(
    job: ExportJobRow,
    cursor: string | null,
    page: (
      filter: ReadingFilter,
      from: ObservationCursor | undefined,
    ) => Promise<{ resources: Resource[]; next?: ObservationCursor }>,
  ): Promise<{ resources: Resource[]; next: string | null }> {
    let at = cursor === null ? null : (JSON.parse(cursor) as { patient: number; from: string | null });
    let patientId = at?.patient ?? (await nextPatient(job, 0));
    while (patientId !== null) {
      const from = at?.from ? cursorOf({ _cursor: at.from }) : undefined;
      const result = await page({ ...observationFilter(job), patientId }, from);
      if (result.next) {
        return {
          resources: result.resources,
          next: JSON.stringify({ patient: patientId, from: encodeCursor(result.next) }),
        };
      }
      const following = await nextPatient(job, patientId);
      const next = following === null ? null : JSON.stringify({ patient: following, from: null });
      if (result.resources.length > 0 || next === null) return { resources: result.resources, next };
      patientId = following;
      at = null;
    }
    return { resources: [], next: null };
  }

  /**
   * Writes a job's files from where it got to. Stops (leaving the job to be resumed) when the
   * worker stops, and quietly when the job was cancelled or taken over.
   */
  async function run(job: ExportJobRow, shouldStop: () => boolean) {
    const types = job.types.split(',') as (typeof EXPORT_TYPES)[number][];
    const progress: ExportProgress = (job.progress as ExportProgress | null) ?? {
      type: 0,
      cursor: null,
      written: 0,
    };
    const lease = () => new Date(clock.now().getTime() + EXPORT_LEASE_MS);
    let beat = performance.now();
    for (let t = progress.type; t < types.length; t++) {
      const type = types[t]!;
      let cursor = t === progress.type ? progress.cursor : null;
      let lines: string[] = [];
      let bytes = 0;
      let pending = 0;
      for (;;) {
        if (shouldStop()) {
          await jobs.release(job.id, instance, clock.now());
          return;
        }
        const started = performance.now();
        const page = await pages[type](job, cursor);
        for (const resource of page.resources) {
          const line = JSON.stringify(resource);
          lines.push(line);
          bytes += Buffer.byteLength(line) + 1;
        }
        pending += page.resources.length;
        cursor = page.next;
        const done = cursor === null;
        if (pending > 0 && (bytes >= limits.fileBytes || done)) {
          // The file and the progress after it are written together: a resumed job starts after it.
          const after: ExportProgress = {
            type: done ? t + 1 : t,
            cursor: done ? null : cursor,
            written: progress.written + pending,
          };
          const file = { resourceType: type, count: pending, ndjson: `${lines.join('\n')}\n` };
          if (!(await jobs.writeFile(job.id, instance, file, after, lease()))) return;
          Object.assign(progress, after);
          lines = [];
          bytes = 0;
          pending = 0;
        } else if (performance.now() - beat >= HEARTBEAT_MS) {
          // The lease renewed and the progress shown about once a second, not a write per page.
          const shown = { ...progress, shown: progress.written + pending };
          if (!(await jobs.heartbeat(job.id, instance, lease(), shown))) return;
          beat = performance.now();
        }
        if (done) break;
        await yieldToRequests(performance.now() - started);
      }
    }
    const now = clock.now();
    await jobs.complete(job.id, instance, now, new Date(now.getTime() + EXPORT_FILES_LIFETIME_MS), progress);
  }

  // The worker: one job at a time in this instance, claimed from the shared table.
  let working: Promise<void> | null = null;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;

  /** Claims and runs jobs until none is left (or the worker stops). */
  function drain(): Promise<void> {
    working ??= (async () => {
      try {
        while (!stopping) {
          const now = clock.now();
          const job = await jobs.claim(instance, now, new Date(now.getTime() + EXPORT_LEASE_MS));
          if (!job) return;
          await run(job, () => stopping).catch(async (error: unknown) => {
            deps.onError?.(error);
            const at = clock.now();
            await jobs
              .fail(
                job.id,
                'The export failed; start it again',
                at,
                new Date(at.getTime() + EXPORT_FILES_LIFETIME_MS),
              )
              .catch(() => {});
          });
        }
      } catch (error) {
        deps.onError?.(error);
      } finally {
        working = null;
      }
    })();
    return working;
  }

  return {
    /** Starts looking for queued jobs every `intervalMs` (and at once after a kick-off here). */
    start(intervalMs: number) {
      stopping = false;
      timer ??= setInterval(() => void drain(), intervalMs).unref();
      void drain();
    },
    /** Stops the worker; a job it was writing is released for another instance (or the next start). */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await working;
    },
    /** Runs every queued job now (tests; the worker does this on its own). */
    drain,

    /** Queues an export; answers the job id (the status URL is built by the route). */
    async kickOff(
      level: 'system' | 'patient' | 'group',
      query: RawQuery,
      requestUrl: string,
      who: ExportRequester,
      group?: { id: string; patientIds: number[] },
    ) {
      refuseUnknown(query, EXPORT_PARAMS);
      const format = [query._outputFormat ?? []].flat();
      if (format.length > 1 || (format[0] !== undefined && !OUTPUT_FORMATS.includes(format[0]))) {
        throw invalidSearch(`_outputFormat must be one of ${OUTPUT_FORMATS.join(', ')}`);
      }
      const sinceText = [query._since ?? []].flat();
      if (sinceText.length > 1) throw invalidSearch('_since may be given once');
      let since: Date | null = null;
      if (sinceText[0] !== undefined) {
        since = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(sinceText[0])
          ? new Date(sinceText[0])
          : null;
        if (!since || Number.isNaN(since.getTime())) {
          throw invalidSearch('_since must be an instant with its time zone, e.g. 2026-03-02T07:00:00Z');
        }
      }
      const asked = [query._type ?? []]
        .flat()
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean);
      for (const type of asked) {
        if (!(EXPORT_TYPES as readonly string[]).includes(type)) {
          throw invalidSearch(
            `_type ${type} is not exported here; this server exports ${EXPORT_TYPES.join(', ')}`,
          );
        }
      }
      // A SMART client gets the types its scopes allow; asking for another is refused.
      const allowed = EXPORT_TYPES.filter((t) => !who.client || scopesAllowRead(who.client.scopes, t));
      const refused = asked.filter((t) => !allowed.includes(t as (typeof EXPORT_TYPES)[number]));
      if (refused.length > 0) {
        throw forbidden(`The access token was not granted system/${refused[0]}.rs`, 'SCOPE_NOT_GRANTED');
      }
      if (allowed.length === 0) {
        throw forbidden('The access token was granted none of the exported types', 'SCOPE_NOT_GRANTED');
      }
      const types = EXPORT_TYPES.filter((t) => (asked.length > 0 ? asked.includes(t) : allowed.includes(t)));
      const now = clock.now();
      const job = {
        id: randomUUID(),
        level,
        types: types.join(','),
        since,
        state: 'queued',
        requestUrl,
        userId: who.userId,
        clientId: who.client?.clientId ?? null,
        createdAt: now,
        transactionTime: now,
        patientIds: group?.patientIds ?? null,
        groupId: group?.id ?? null,
      };
      const queued = await jobs.queue(job, limits);
      // Bulk Data: a server that cannot take an export now says when to ask again.
      if (queued === 'requester') {
        throw tooManyRequests(
          `You have ${limits.perRequester} exports waiting or running: wait for one to finish, or cancel one`,
          RETRY_AFTER_S * 15,
        );
      }
      if (queued === 'server') {
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'The server is running as many exports as it takes; ask again shortly',
          { 'retry-after': String(RETRY_AFTER_S * 30) },
        );
      }
      await audit.record({
        actor: who.actor,
        action: 'execute',
        entityType: 'BulkExport',
        entityId: job.id,
        detail: `FHIR ${level} export of ${types.join(', ')}${group ? ` of Group/${group.id} (${group.patientIds.length} patients)` : ''}${since ? ` since ${since.toISOString()}` : ''}${
          who.client ? ` by SMART client ${who.client.clientId}` : ''
        }`,
      });
      if (timer) void drain();
      return job.id;
    },

    /** The job's state: waiting or in progress (with what it wrote), or its manifest, or why it failed. */
    async status(id: string, who: ExportRequester, fileUrl: (fileId: number) => string) {
      const job = await jobs.job(id);
      if (!job) throw notFound('No such export; its files may have expired');
      assertOwner(job, who);
      if (job.state === 'queued') return { state: 'in-progress' as const, progress: 'queued' };
      if (job.state === 'in-progress') {
        const progress = job.progress as (ExportProgress & { shown?: number }) | null;
        const types = job.types.split(',');
        const written = progress?.shown ?? progress?.written ?? 0;
        const type = types[Math.min(progress?.type ?? 0, types.length - 1)];
        return {
          state: 'in-progress' as const,
          progress: `${written} resources written; writing ${type} (${Math.min((progress?.type ?? 0) + 1, types.length)} of ${types.length} types)`,
        };
      }
      if (job.state === 'failed') throw new AppError(500, 'EXPORT_FAILED', job.error ?? 'The export failed');
      const files = await jobs.files(id);
      const manifest: ExportManifest = {
        transactionTime: job.transactionTime.toISOString(),
        request: job.requestUrl,
        requiresAccessToken: true,
        output: files.map((f) => ({ type: f.resourceType, url: fileUrl(f.id), count: f.count })),
        error: [],
      };
      return { state: 'complete' as const, manifest, expiresAt: job.expiresAt };
    },

    async file(id: string, fileId: number, who: ExportRequester) {
      const job = await jobs.job(id);
      const now = clock.now();
      if (!job || (job.expiresAt && job.expiresAt < now))
        throw notFound('No such export file; it may have expired');
      assertOwner(job, who);
      if (job.state !== 'complete') throw notFound('The export is not complete: poll its status first');
      const file = await jobs.file(id, fileId);
      if (!file) throw notFound('No such export file');
      await audit.record({
        actor: who.actor,
        action: 'read',
        entityType: 'BulkExportFile',
        entityId: `${id}/${fileId}`,
        detail: `${file.count} ${file.resourceType} resources${who.client ? ` to SMART client ${who.client.clientId}` : ''}`,
      });
      return file;
    },

    async cancel(id: string, who: ExportRequester) {
      const job = await jobs.job(id);
      if (!job) throw notFound('No such export');
      assertOwner(job, who);
      await jobs.deleteJob(id);
      await audit.record({ actor: who.actor, action: 'delete', entityType: 'BulkExport', entityId: id });
    },

    /** Housekeeping: expired files go, and exports that never finished are given up. */
    async purge() {
      const now = clock.now();
      await jobs.purgeExpired(now);
      await jobs.failStale(
        new Date(now.getTime() - GIVE_UP_AFTER_MS),
        now,
        new Date(now.getTime() + EXPORT_FILES_LIFETIME_MS),
      );
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
