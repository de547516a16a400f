import { createHash } from 'node:crypto';
import type { AuditQuery } from '@vigil/domain';
import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, statement } from '../../db/prepared.ts';
import type { AuditAnchor } from './anchor.ts';
import { auditEvents } from './schema.ts';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = Omit<AuditRow, 'id' | 'prevHash' | 'hash' | 'hashAlg'>;

/** Rows are chained with a keyed hash (the key outside the database); `sha256`: rows from before. */
export const KEYED = 'hmac-sha256';
export const UNKEYED = 'sha256';

/** The previous hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);
/** Appends hold this transaction-scoped advisory lock: one at a time, in id order. */
const AUDIT_LOCK_KEY = 7_314_160;

const LOCK = statement('audit_lock', `select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
const RECENT = statement(
  'audit_recent',
  `select 1 from audit_events
    where patient_id = $1::int and user_id = $2::int and action = $3 and entity_type = $4
      and at > $5::timestamptz
    limit 1`,
);
/** The same for a read that concerns no one patient (the patient list, the live-event stream). */
const RECENT_NO_PATIENT = statement(
  'audit_recent_no_patient',
  `select 1 from audit_events
    where patient_id is null and user_id = $2::int and action = $3 and entity_type = $4
      and at > $5::timestamptz and $1::int is null
    limit 1`,
);
const LAST_HASH = statement('audit_last_hash', 'select hash from audit_events order by id desc limit 1');
const INSERT = statement(
  'audit_insert',
  `insert into audit_events (at, user_id, username, role, action, entity_type, entity_id, patient_id,
     outcome, detail, address, user_agent, request_id, prev_hash, hash, hash_alg)
   values ($1::timestamptz, $2::int, $3, $4, $5, $6, $7, $8::int, $9, $10, $11, $12, $13, $14, $15,
     '${KEYED}')
   returning id`,
);
/** The trail's head and length in one snapshot (appends commit in id order under the append lock). */
const HEAD = statement(
  'audit_head',
  `select (select count(*) from audit_events) as count, id, hash from audit_events order by id desc limit 1`,
);

/**
 * The row as hashed: every recorded field in a fixed order (the id is left out: it is drawn by the
 * database; the chain of previous hashes fixes the order). The same on PGlite and PostgreSQL.
 */
/** The row's fields in column order: hashed (canonicalRow) and inserted in this order. */
function rowValues(row: NewAuditRow) {
  return [
    row.at.toISOString(),
    row.userId,
    row.username,
    row.role,
    row.action,
    row.entityType,
    row.entityId,
    row.patientId,
    row.outcome,
    row.detail,
    row.address,
    row.userAgent,
    row.requestId,
  ];
}

export function canonicalRow(row: NewAuditRow): string {
  return JSON.stringify(rowValues(row));
}

/** The hash of the rows written before the chain was keyed: anyone can compute it. */
export function unkeyedHash(prevHash: string, row: NewAuditRow): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalRow(row)).digest('hex');
}

export function createAuditRepository(db: Db, run: Run, anchor: Pick<AuditAnchor, 'chainHash'>) {
  return {
    /**
     * Appends one row in the caller's transaction (`run`): takes the append lock (held to commit,
     * so appends are serialised and each sees the last committed hash), reads the last hash, and
     * inserts the row chained to it. Rolled back with the caller's change.
     */
    async append(run: Run, row: NewAuditRow): Promise<number> {
      await run(LOCK, []);
      const [last] = await run<{ hash: string }>(LAST_HASH, []);
      const prevHash = last?.hash ?? GENESIS_HASH;
      const hash = anchor.chainHash(prevHash, canonicalRow(row));
      const [inserted] = await run<{ id: string | number }>(INSERT, [...rowValues(row), prevHash, hash]);
      return Number(inserted!.id);
    },

    /**
     * Appends unless the same person's same action on the same part of the same patient's record
     * (or on no patient) is already in the trail since `since` (checked under the append lock, so
     * two at once record one). Null when not appended.
     */
    async appendUnlessSince(run: Run, row: NewAuditRow, since: Date): Promise<number | null> {
      await run(LOCK, []);
      const [seen] = await run(row.patientId === null ? RECENT_NO_PATIENT : RECENT, [
        row.patientId,
        row.userId,
        row.action,
        row.entityType,
        since.toISOString(),
      ]);
      return seen ? null : this.append(run, row);
    },

    async list(query: AuditQuery, defaultLimit: number): Promise<AuditRow[]> {
      const filters: SQL[] = [];
      if (query.userId) filters.push(eq(auditEvents.userId, query.userId));
      if (query.user) {
        const user = query.user.trim();
        if (/^\d+$/.test(user)) filters.push(eq(auditEvents.userId, Number(user)));
        // "system": every row the server wrote itself ("system — alert timer"); no username holds a space.
        else if (user.toLowerCase() === 'system')
          filters.push(sql`${auditEvents.username} like 'system — %'`);
        else filters.push(sql`lower(${auditEvents.username}) = lower(${user})`);
      }
      if (query.patientId) filters.push(eq(auditEvents.patientId, query.patientId));
      if (query.action) filters.push(eq(auditEvents.action, query.action));
      if (query.from) filters.push(gte(auditEvents.at, new Date(query.from)));
      if (query.to) filters.push(lte(auditEvents.at, new Date(query.to)));
      if (query.before) filters.push(lt(auditEvents.id, query.before));
      return db
        .select()
        .from(auditEvents)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(auditEvents.id))
        .limit(query.limit ?? defaultLimit);
    },

    /** The last row and the number of rows up to it; null when the trail is empty. */
    async head(): Promise<{ count: number; id: number; hash: string } | null> {
      const [row] = await run<{ count: string | number; id: string | number; hash: string }>(HEAD, []);
      return row ? { count: Number(row.count), id: Number(row.id), hash: row.hash } : null;
    },

    /** Rows after `afterId` in id order, a page at a time (verification). */
    async page(afterId: number, size: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditEvents)
        .where(gt(auditEvents.id, afterId))
        .orderBy(asc(auditEvents.id))
        .limit(size);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
