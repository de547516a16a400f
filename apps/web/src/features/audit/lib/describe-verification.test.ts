import { describe, expect, it } from 'vitest';
import { describeVerification } from './describe-verification.ts';

const checkpoints = { verified: 3, unsigned: 0, latestAt: '2026-03-02T08:05:00.000Z' };

describe('describeVerification', () => {
  it('says the chain holds and that the checkpoints outside the database agree', () => {
    expect(describeVerification({ ok: true, checked: 12, firstBroken: null, checkpoints })).toBe(
      'The chain is intact: 12 rows checked. 3 checkpoints kept outside the database agree (latest 2026-03-02T08:05:00.000Z).',
    );
  });

  it('names the first broken row and why', () => {
    expect(
      describeVerification({
        ok: false,
        checked: 4,
        firstBroken: { id: 7, reason: 'rows were removed from the end' },
        checkpoints,
      }),
    ).toBe('The chain is broken at row 7: rows were removed from the end. 4 rows before it hold.');
  });

  it('says when the checkpoint log holds lines without a valid signature', () => {
    expect(
      describeVerification({
        ok: false,
        checked: 9,
        firstBroken: null,
        checkpoints: { ...checkpoints, unsigned: 2 },
      }),
    ).toMatch(/^The checkpoint log has 2 lines whose signature does not hold/);
  });
});
