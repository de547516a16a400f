import fs from 'node:fs';

/**
 * A PID lock file: one process at a time on a folder whose files two processes would corrupt (the
 * server's embedded PGlite database, the bridge's journal). A lock left by a process that died
 * (SIGKILL, power loss) is taken over, which a plain "file exists" lock could not do; the holder's
 * PID in the file is what tells a live holder from a dead one. Node only: the server and the bridge
 * use it, never the browser.
 */
export function acquirePidLock(
  lockPath: string,
  options: {
    /** The refusal when a live process holds the lock: names the folder, the holder and what to do. */
    inUse: (holderPid: number) => string;
    /** The error when the lock could be taken neither at once nor after removing a stale one. */
    failed: string;
    /** The lock file's permissions (default 0o666 less the umask). */
    mode?: number;
  },
): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', options.mode);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(options.inUse(holder));
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new Error(options.failed);
}

/** Whether a process of this id exists (EPERM: it does, run by someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
