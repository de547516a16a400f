import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

// FHIR bulk exports and their files: the tables this module owns, and only its files write them
// (decision 036).

/**
 * FHIR Bulk Data exports: the request (who, which types, since when, one patient group or the
 * whole system), its state and, once done, its NDJSON files (fhir_export_files) until they expire.
 */
export const fhirExportJobs = pgTable(
  'fhir_export_jobs',
  {
    id: text('id').primaryKey(),
    /** system | patient | group */
    level: text('level').notNull(),
    types: text('types').notNull(),
    since: ts('since'),
    /** queued | in-progress | complete | failed */
    state: text('state').notNull(),
    requestUrl: text('request_url').notNull(),
    /** Who asked: a user id, or a SMART client id. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull(),
    /** The transaction time of the export: resources up to this instant. */
    transactionTime: ts('transaction_time').notNull(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at'),
    error: text('error'),
    /** The patients of a Group export, fixed at its kick-off; null: every patient. */
    patientIds: jsonb('patient_ids').$type<number[] | null>(),
    groupId: text('group_id'),
    /** The instance running it and until when its claim holds (it renews the lease while it works). */
    claimedBy: text('claimed_by'),
    leaseUntil: ts('lease_until'),
    /** Where it got to (export-service ExportProgress): a restarted job resumes after its last file. */
    progress: jsonb('progress'),
  },
  (t) => [
    index('fhir_export_jobs_expires_idx').on(t.expiresAt),
    index('fhir_export_jobs_state_idx').on(t.state, t.createdAt),
  ],
);

export const fhirExportFiles = pgTable(
  'fhir_export_files',
  {
    id: serial('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => fhirExportJobs.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    count: integer('count').notNull(),
    ndjson: text('ndjson').notNull(),
  },
  (t) => [index('fhir_export_files_job_idx').on(t.jobId)],
);
