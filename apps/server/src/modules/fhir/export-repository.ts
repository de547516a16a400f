import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fhirExportFiles, fhirExportJobs } from './schema.ts';

export type ExportJobRow = typeof fhirExportJobs.$inferSelect;
export type ExportFileRow = typeof fhirExportFiles.$inferSelect;
export type NewExportJob = typeof fhirExportJobs.$inferInsert;

/** Jobs that count against the limits: waiting or running. */
const ACTIVE = ['queued', 'in-progress'];
/** Kick-offs count and queue under this lock, so two instances cannot both take the last place. */
const KICK_OFF_LOCK = 3_141_031;

/**
 * Bulk Data export jobs and their NDJSON files (decision 031). A job is queued by its kick-off,
 * claimed by one instance (FOR UPDATE SKIP LOCKED) under a lease it renews while it works, written
 * file by file with its progress in the same transaction, and resumed after its last file when
 * its instance stopped (its lease ran out).
 */
export function createExportRepository(db: Db) {
  /** The job, while `instance` still holds it (not cancelled, not taken over). */
  const held = (id: string, instance: string) =>
    and(
      eq(fhirExportJobs.id, id),
      eq(fhirExportJobs.claimedBy, instance),
      eq(fhirExportJobs.state, 'in-progress'),
    );

  return {
    /**
     * Queues a job unless its requester already has `perRequester` jobs waiting or running, or the
     * server `active` in all: then answers which limit was reached.
     */
    async queue(
      job: NewExportJob,
      limits: { perRequester: number; active: number },
    ): Promise<'queued' | 'requester' | 'server'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${KICK_OFF_LOCK})`);
        const mine = job.clientId
          ? eq(fhirExportJobs.clientId, job.clientId)
          : and(isNull(fhirExportJobs.clientId), eq(fhirExportJobs.userId, job.userId ?? 0));
        const [counts] = await tx
          .select({
            mine: sql<number>`(count(*) filter (where ${mine}))::int`,
            all: sql<number>`count(*)::int`,
          })
          .from(fhirExportJobs)
          .where(inArray(fhirExportJobs.state, ACTIVE));
        if ((counts?.mine ?? 0) >= limits.perRequester) return 'requester';
        if ((counts?.all ?? 0) >= limits.active) return 'server';
        await tx.insert(fhirExportJobs).values(job);
        return 'queued';
      });
    },

    /** Claims the oldest job nobody holds: queued, or running under a lease that ran out. */
    async claim(instance: string, now: Date, leaseUntil: Date): Promise<ExportJobRow | undefined> {
      const claimed = await db.execute(sql`
        update fhir_export_jobs set state = 'in-progress', claimed_by = ${instance},
          lease_until = ${leaseUntil.toISOString()}
        where id = (
          select id from fhir_export_jobs
          where state = 'queued'
             or (state = 'in-progress' and (lease_until is null or lease_until <= ${now.toISOString()}))
          order by created_at
          limit 1
          for update skip locked)
        returning id`);
      const id = (claimed as unknown as { rows: { id: string }[] }).rows[0]?.id;
      if (!id) return undefined;
      return (await db.select().from(fhirExportJobs).where(eq(fhirExportJobs.id, id)))[0];
    },

    /** Renews the lease and records how far it got; false when the job is no longer this instance's. */
    async heartbeat(id: string, instance: string, leaseUntil: Date, progress: unknown): Promise<boolean> {
      const rows = await db
        .update(fhirExportJobs)
        .set({ leaseUntil, progress })
        .where(held(id, instance))
        .returning({ id: fhirExportJobs.id });
      return rows.length === 1;
    },

    /** Writes one file and the progress after it together; false when the job is no longer this instance's. */
    async writeFile(
      id: string,
      instance: string,
      file: Omit<typeof fhirExportFiles.$inferInsert, 'jobId'>,
      progress: unknown,
      leaseUntil: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(fhirExportJobs)
          .set({ leaseUntil, progress })
          .where(held(id, instance))
          .returning({ id: fhirExportJobs.id });
        if (rows.length !== 1) return false;
        await tx.insert(fhirExportFiles).values({ ...file, jobId: id });
        return true;
      });
    },

    complete: async (id: string, instance: string, at: Date, expiresAt: Date, progress: unknown) => {
      await db
        .update(fhirExportJobs)
        .set({ state: 'complete', completedAt: at, expiresAt, leaseUntil: null, progress })
        .where(held(id, instance));
    },

    /** Lets another instance (or this one restarted) take the job at once: it stopped working on it. */
    release: async (id: string, instance: string, at: Date) => {
      await db.update(fhirExportJobs).set({ leaseUntil: at }).where(held(id, instance));
    },

    fail: async (id: string, error: string, at: Date, expiresAt: Date) => {
      await db
        .update(fhirExportJobs)
        .set({ state: 'failed', error, completedAt: at, expiresAt, leaseUntil: null })
        .where(eq(fhirExportJobs.id, id));
    },

    job: async (id: string): Promise<ExportJobRow | undefined> =>
      (await db.select().from(fhirExportJobs).where(eq(fhirExportJobs.id, id)))[0],

    /** The files of a job, without their contents. */
    files: (jobId: string) =>
      db
        .select({
          id: fhirExportFiles.id,
          resourceType: fhirExportFiles.resourceType,
          count: fhirExportFiles.count,
        })
        .from(fhirExportFiles)
        .where(eq(fhirExportFiles.jobId, jobId))
        .orderBy(asc(fhirExportFiles.id)),

    file: async (jobId: string, fileId: number): Promise<ExportFileRow | undefined> =>
      (
        await db
          .select()
          .from(fhirExportFiles)
          .where(and(eq(fhirExportFiles.jobId, jobId), eq(fhirExportFiles.id, fileId)))
      )[0],

    deleteJob: async (id: string) => {
      await db.delete(fhirExportJobs).where(eq(fhirExportJobs.id, id));
    },

    /** Jobs whose files have expired (their files go with them). */
    purgeExpired: async (now: Date) => {
      await db
        .delete(fhirExportJobs)
        .where(and(isNotNull(fhirExportJobs.expiresAt), lt(fhirExportJobs.expiresAt, now)));
    },

    /** Jobs waiting or running since before `createdBefore` are given up: failed, for the client to ask again. */
    failStale: async (createdBefore: Date, now: Date, expiresAt: Date) => {
      await db
        .update(fhirExportJobs)
        .set({
          state: 'failed',
          error: 'The export did not finish in time; start it again',
          completedAt: now,
          expiresAt,
          leaseUntil: null,
        })
        .where(
          and(
            or(eq(fhirExportJobs.state, 'queued'), eq(fhirExportJobs.state, 'in-progress')),
            lt(fhirExportJobs.createdAt, createdBefore),
          ),
        );
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
