import { randomUUID } from 'node:crypto';
import { type SmartResourceType, scopesAllowRead } from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { OBSERVATION_SUFFIXES } from './codes.ts';
import { toFhirDevice, toFhirPatient } from './mappers.ts';
import type { ExportJobRow, FhirRepository } from './repository.ts';
import { invalidSearch, type RawQuery, refuseUnknown } from './search.ts';
import type { FhirService } from './service.ts';

/**
 * FHIR Bulk Data export (https://hl7.org/fhir/uv/bulkdata/export.html): a kick-off answers 202 with
 * the status URL; the export runs in this process and writes one NDJSON file per resource type to
 * the database (so any instance answers the polls); its files expire an hour after it completes.
 */
export const EXPORT_TYPES = [
  'Patient',
  'Observation',
  'Device',
] as const satisfies readonly SmartResourceType[];
export const EXPORT_PARAMS = ['_outputFormat', '_since', '_type'] as const;
const OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
export const EXPORT_FILES_LIFETIME_MS = 60 * 60_000;
/** An export still in progress after this was abandoned by a stopped instance. */
const ABANDONED_AFTER_MS = 30 * 60_000;

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

export function createExportService(deps: {
  repo: FhirRepository;
  fhir: FhirService;
  audit: AuditService;
  clock: Clock;
  onError?: (error: unknown) => void;
}) {
  const { repo, fhir, audit, clock } = deps;

  /** A job's requester may poll it, fetch its files and cancel it; nobody else may. */
  function assertOwner(job: ExportJobRow, who: ExportRequester) {
    const mine = who.client
      ? job.clientId === who.client.clientId
      : job.clientId === null && job.userId === who.userId;
    if (!mine) throw notFound('No such export');
  }

  // Every exported type is in the Patient compartment, so a Patient/$export holds the same data.
  // Readings are only ever added: one stored while the export runs may be in it and again in the
  // next export _since its transactionTime (a client keeps one copy per id), never in neither.
  async function run(job: ExportJobRow) {
    const types = job.types.split(',');
    const since = job.since ?? undefined;
    const files: { resourceType: string; count: number; ndjson: string }[] = [];
    const write = (resourceType: string, resources: unknown[]) => {
      if (resources.length > 0) {
        files.push({
          resourceType,
          count: resources.length,
          ndjson: `${resources.map((r) => JSON.stringify(r)).join('\n')}\n`,
        });
      }
    };
    if (types.includes('Patient')) {
      const patients = [];
      let afterId: number | undefined;
      for (;;) {
        const page = await repo.patients({
          ...(afterId ? { afterId } : {}),
          ...(since ? { since } : {}),
          limit: 1000,
        });
        patients.push(...page.map(toFhirPatient));
        if (page.length < 1000) break;
        afterId = page[page.length - 1]!.id;
      }
      write('Patient', patients);
    }
    if (types.includes('Device')) {
      write('Device', (await repo.devices(since ? { since } : {})).map(toFhirDevice));
    }
    if (types.includes('Observation')) {
      const observations = [];
      for await (const observation of fhir.allObservations({
        kinds: new Set(OBSERVATION_SUFFIXES),
        ...(since ? { storedSince: since } : {}),
      })) {
        observations.push(observation);
      }
      write('Observation', observations);
    }
    const now = clock.now();
    await repo.completeJob(job.id, files, now, new Date(now.getTime() + EXPORT_FILES_LIFETIME_MS));
  }

  return {
    /** Starts an export; answers the job id (the status URL is built by the route). */
    async kickOff(level: 'system' | 'patient', query: RawQuery, requestUrl: string, who: ExportRequester) {
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
      const refused = asked.filter((t) => !allowed.includes(t as SmartResourceType));
      if (refused.length > 0) {
        throw forbidden(`The access token was not granted system/${refused[0]}.rs`, 'SCOPE_NOT_GRANTED');
      }
      const types = asked.length > 0 ? [...new Set(asked)] : allowed;
      const now = clock.now();
      const job: ExportJobRow = {
        id: randomUUID(),
        level,
        types: types.join(','),
        since,
        state: 'in-progress',
        requestUrl,
        userId: who.userId,
        clientId: who.client?.clientId ?? null,
        createdAt: now,
        transactionTime: now,
        completedAt: null,
        expiresAt: null,
        error: null,
      };
      await repo.createJob(job);
      await audit.record({
        actor: who.actor,
        action: 'execute',
        entityType: 'BulkExport',
        entityId: job.id,
        detail: `FHIR ${level} export of ${types.join(', ')}${since ? ` since ${since.toISOString()}` : ''}${
          who.client ? ` by SMART client ${who.client.clientId}` : ''
        }`,
      });
      // The export runs after the answer; a failure is recorded on the job for the client to read.
      setImmediate(() => {
        run(job).catch(async (error: unknown) => {
          deps.onError?.(error);
          const at = clock.now();
          await repo
            .failJob(
              job.id,
              'The export failed; start it again',
              at,
              new Date(at.getTime() + EXPORT_FILES_LIFETIME_MS),
            )
            .catch(() => {});
        });
      });
      return job.id;
    },

    /** The job's state: in progress, or its manifest, or why it failed. */
    async status(id: string, who: ExportRequester, fileUrl: (fileId: number) => string) {
      const job = await repo.job(id);
      if (!job) throw notFound('No such export; its files may have expired');
      assertOwner(job, who);
      if (job.state === 'in-progress') return { state: 'in-progress' as const };
      if (job.state === 'failed') throw new AppError(500, 'EXPORT_FAILED', job.error ?? 'The export failed');
      const files = await repo.files(id);
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
      const job = await repo.job(id);
      const now = clock.now();
      if (!job || (job.expiresAt && job.expiresAt < now))
        throw notFound('No such export file; it may have expired');
      assertOwner(job, who);
      const file = await repo.file(id, fileId);
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
      const job = await repo.job(id);
      if (!job) throw notFound('No such export');
      assertOwner(job, who);
      await repo.deleteJob(id);
      await audit.record({ actor: who.actor, action: 'delete', entityType: 'BulkExport', entityId: id });
    },

    /** Housekeeping: expired files go, and exports a stopped instance left unfinished fail. */
    async purge() {
      const now = clock.now();
      await repo.purgeExpired(now);
      await repo.failAbandoned(
        new Date(now.getTime() - ABANDONED_AFTER_MS),
        now,
        new Date(now.getTime() + EXPORT_FILES_LIFETIME_MS),
      );
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
