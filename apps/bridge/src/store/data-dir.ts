import fs from 'node:fs';
import path from 'node:path';
import { acquirePidLock } from '@vigil/pid-lock';

/**
 * Creates the data folder (0700: it holds device tokens) and holds an operating-system lock on it
 * (`bridge.lock`, 0600; packages/pid-lock): two bridges appending to one journal would corrupt it.
 * The lock ends with the bridge that holds it, however it ends.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return acquirePidLock(path.join(dir, 'bridge.lock'), {
    mode: 0o600,
    inUse: (pid) =>
      `The bridge data folder ${dir} is in use by another bridge (pid ${pid ?? 'unknown'}). ` +
      'Stop that bridge first, or start this one with --data-dir pointing elsewhere.',
    failed: `Could not lock the bridge data folder ${dir}`,
  });
}
