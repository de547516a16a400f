import type { AuditAction, AuditEvent, AuditOutcome } from '@vigil/domain';
import type { AuditEntry } from './entry.ts';
import type { AuditRow } from './repository.ts';

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

/**
 * What a spreadsheet reads as a formula (OWASP CSV injection): a cell starting with = + - @, a tab
 * or a carriage return, also after leading blanks, which spreadsheets skip (" =1+1").
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A row of the trail as the API answers it. */
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

/** Events as CSV: a header line, then a line per event (CRLF, as RFC 4180 has it). */
export function toAuditCsv(events: AuditEvent[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const event of events) lines.push(CSV_COLUMNS.map((c) => csvCell(event[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** An entry as the row appended to the trail, at `at`. */
export const toAuditRow = (entry: AuditEntry, at: Date) => ({
  at,
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
