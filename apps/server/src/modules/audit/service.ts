import type { AuditAction, AuditEvent, AuditOutcome, AuditQuery, AuditVerification } from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './context.ts';
import { type AuditRepository, type AuditRow, chainHash, GENESIS_HASH } from './repository.ts';

/** One thing that happened, as a module reports it: ids only, never names or clinical text. */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  /** FHIR-style resource type: Patient, Note, Treatment, Medication, User, DeviceToken … */
  entityType: string;
  entityId?: string | number | null;
  patientId?: number | null;
  outcome?: AuditOutcome;
  /** A few words or codes about the change ("role nurse → doctor"); never clinical text. */
  detail?: string | null;
}

const DEFAULT_LIMIT = 200;
const VERIFY_PAGE = 1000;

const CSV_COLUMNS = [
  'id',
  'at',
  'userId',
  'username',
  'role',
  'action',
  'entityType',
  'entityId',
  'patientId',
  'outcome',
  'detail',
  'address',
  'userAgent',
  'requestId',
  'hash',
] as const satisfies readonly (keyof AuditEvent)[];

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet (OWASP CSV injection). */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    username: row.username,
    role: row.role,
    action: row.action as AuditAction,
    entityType: row.entityType,
    entityId: row.entityId,
    patientId: row.patientId,
    outcome: row.outcome as AuditOutcome,
    detail: row.detail,
    address: row.address,
    userAgent: row.userAgent,
    requestId: row.requestId,
    hash: row.hash,
  };
}

/**
 * The audit trail (issue 15): modules record what happened, in their own transaction where it is a
 * change (`recordIn`), so a change and its audit row exist together or not at all.
 */
export function createAuditService(deps: {
  repo: AuditRepository;
  database: Pick<Database, 'transaction'>;
  clock: Clock;
}) {
  const { repo, database, clock } = deps;

  const toRow = (entry: AuditEntry) => ({
    at: clock.now(),
    userId: entry.actor.userId,
    username: entry.actor.username,
    role: entry.actor.role,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    patientId: entry.patientId ?? null,
    outcome: entry.outcome ?? 'success',
    detail: entry.detail ?? null,
    address: entry.actor.address,
    userAgent: entry.actor.userAgent,
    requestId: entry.actor.requestId,
  });

  return {
    /** Records in the caller's transaction: rolled back with it. */
    recordIn: (run: Run, entry: AuditEntry): Promise<number> => repo.append(run, toRow(entry)),

    /**
     * Records that a person opened a patient's record, once per `windowMs`: the open screen's refetches
     * (after every live reading) are the same opening, not new ones.
     */
    recordOpening: (entry: AuditEntry & { patientId: number }, windowMs: number): Promise<number | null> =>
      database.transaction((run) => {
        const row = toRow(entry);
        return repo.appendUnlessSince(run, row, new Date(row.at.getTime() - windowMs));
      }),

    /** Records on its own (a sign-in, a read, an export). */
    record: (entry: AuditEntry): Promise<number> =>
      database.transaction((run) => repo.append(run, toRow(entry))),

    list: async (query: AuditQuery): Promise<AuditEvent[]> =>
      (await repo.list(query, DEFAULT_LIMIT)).map(toAuditEvent),

    /** The filtered rows as CSV (the caller records the export). */
    async csv(query: AuditQuery): Promise<{ text: string; rows: number }> {
      const rows = await repo.list({ ...query, limit: query.limit ?? 1000 }, 1000);
      const lines = [CSV_COLUMNS.join(',')];
      for (const row of rows.map(toAuditEvent)) lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
      return { text: `${lines.join('\r\n')}\r\n`, rows: rows.length };
    },

    /**
     * Walks the chain in id order: each row must link to the previous row's hash, and its own hash
     * must match its contents. Reports the first row where either fails.
     */
    async verify(): Promise<AuditVerification> {
      let prev = GENESIS_HASH;
      let afterId = 0;
      let checked = 0;
      for (;;) {
        const rows = await repo.page(afterId, VERIFY_PAGE);
        if (rows.length === 0) return { ok: true, checked, firstBroken: null };
        for (const row of rows) {
          if (row.prevHash !== prev) {
            return {
              ok: false,
              checked,
              firstBroken: {
                id: row.id,
                reason: 'Its link does not match the previous row: a row before it was removed or altered',
              },
            };
          }
          if (chainHash(prev, row) !== row.hash) {
            return {
              ok: false,
              checked,
              firstBroken: { id: row.id, reason: 'Its contents do not match its hash: the row was altered' },
            };
          }
          prev = row.hash;
          checked++;
        }
        afterId = rows[rows.length - 1]!.id;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
