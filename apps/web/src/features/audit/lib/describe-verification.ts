import type { AuditVerification } from '@vigil/domain';

/** What a verification found, in a sentence: the chain, then the checkpoints kept outside the database. */
export function describeVerification(v: AuditVerification): string {
  const anchored =
    v.checkpoints.verified > 0
      ? ` ${v.checkpoints.verified} checkpoints kept outside the database agree (latest ${v.checkpoints.latestAt}).`
      : ' No checkpoint outside the database yet.';
  if (v.firstBroken) {
    return `The chain is broken at row ${v.firstBroken.id}: ${v.firstBroken.reason}. ${v.checked} rows before it hold.`;
  }
  if (v.checkpoints.unsigned > 0) {
    return `The checkpoint log has ${v.checkpoints.unsigned} lines whose signature does not hold: it was written by someone without the key. ${v.checked} rows checked.`;
  }
  return `The chain is intact: ${v.checked} rows checked.${anchored}`;
}
