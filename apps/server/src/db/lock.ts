import fs from 'node:fs';
import path from 'node:path';
import { acquirePidLock } from '@vigil/pid-lock';

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it, so we hold an
 * operating-system lock on `vigil.lock` (packages/pid-lock), which ends with the process that holds
 * it: a restart after `kill -9` or a power cut takes it at once.
 */
export function acquireDataDirLock(dataDir: string, options: { waitMs?: number } = {}): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  return acquirePidLock(path.join(dataDir, 'vigil.lock'), {
    ...options,
    inUse: (pid) =>
      `The database folder ${dataDir} is in use by another Vigil process (pid ${pid ?? 'unknown'}). ` +
      'Stop that process first, or set DATA_DIR to a different folder.',
    failed: `Could not lock the database folder ${dataDir}.`,
  });
}
