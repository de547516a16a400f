import type { AuditEvent } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { toAuditCsv } from './mappers.ts';

const event = (detail: string): AuditEvent => ({
  id: 1,
  at: '2026-03-02T08:00:00.000Z',
  userId: null,
  username: null,
  role: null,
  action: 'failed-sign-in',
  entityType: 'Session',
  entityId: null,
  patientId: null,
  outcome: 'failure',
  detail,
  address: null,
  userAgent: null,
  requestId: null,
  hash: 'h',
});

/** The detail cell of a one-event export. */
const detailCell = (detail: string) =>
  toAuditCsv([event(detail)])
    .split('\r\n')[1]!
    .split(',')[10];

describe('the audit CSV export (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    // A spreadsheet skips leading blanks before it reads a formula.
    [' =1+1', "' =1+1"],
    ['   @SUM(A1)', "'   @SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    [' \t -2+3', "' \t -2+3"],
  ])('neutralises %j', (detail, cell) => {
    expect(detailCell(detail)).toBe(cell);
  });

  it('quotes a cell that starts a formula after a line break, and leaves plain text alone', () => {
    expect(
      toAuditCsv([event('\r\n=1+1')])
        .split('\r\n')
        .slice(1, 3)
        .join('\r\n'),
    ).toContain(`"'\r\n=1+1"`);
    expect(detailCell('role nurse → doctor')).toBe('role nurse → doctor');
    expect(detailCell('a = b')).toBe('a = b');
  });
});
