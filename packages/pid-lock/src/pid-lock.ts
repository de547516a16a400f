import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The operating system's lock on an open file (`fs-native-extensions`: an open file description
 * lock, `F_OFD_SETLK`, on Linux; `flock` on macOS; `LockFileEx` on Windows; prebuilt in the package,
 * nothing compiled or downloaded at install). The kernel holds it for the open file, so it ends when
 * the process does, however it ends: at `kill -9` and at a power cut alike, before a killed process
 * is reaped (a zombie holds no files).
 */
const { tryLock, unlock } = createRequire(import.meta.url)('fs-native-extensions') as {
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
};

const DEFAULT_WAIT_MS = 5000;
const RETRY_MS = 20;
/** Sleeps the start-up synchronously between tries (the callers take the lock before anything runs). */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A lock on a folder whose files two processes would corrupt (the server's embedded PGlite database,
 * the bridge's journal): an operating-system lock on `lockPath`, held while the process runs and
 * released by the kernel when it ends. A lock file left by a killed process, or naming a PID that a
 * later process reused after a power cut, locks nothing and is taken over. The file holds the
 * holder's PID so the refusal can name it. Node only: the server and the bridge use it.
 */
export function acquirePidLock(
  lockPath: string,
  options: {
    /**
     * The refusal when a live process holds the lock: names the folder, the holder (null when it
     * has not written its PID yet) and what to do.
     */
    inUse: (holderPid: number | null) => string;
    /** The error when the lock could not be taken on the file at its path. */
    failed: string;
    /** The lock file's permissions when it is created (default 0o666 less the umask). */
    mode?: number;
    /**
     * How long a held lock is waited for before the refusal (default 5 s: a loaded machine may take seconds to end a killed process). A process killed a moment
     * ago still holds it while the kernel ends its threads: its restart must not be refused for that.
     */
    waitMs?: number;
  },
): () => void {
  const waitUntil = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  // A holder releasing removes the file; one opened just before that is locked in vain, so again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, options.mode);
    let locked: boolean;
    try {
      locked = tryLock(fd);
      while (!locked && Date.now() < waitUntil) {
        Atomics.wait(pause, 0, 0, RETRY_MS);
        locked = tryLock(fd);
      }
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    if (!locked) {
      const holder = pidIn(fd);
      fs.closeSync(fd);
      throw new Error(options.inUse(holder));
    }
    if (!isAt(fd, lockPath)) {
      unlock(fd);
      fs.closeSync(fd);
      continue;
    }
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, String(process.pid), 0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Removed while still held, so no other process can lock this file and find it gone.
      try {
        if (isAt(fd, lockPath)) fs.unlinkSync(lockPath);
      } catch {
        // Already gone, or Windows (an open file stays): the lock below is what counts.
      }
      unlock(fd);
      fs.closeSync(fd);
    };
  }
  throw new Error(options.failed);
}

/** The PID the holder wrote, or null (not yet written, or not a PID). */
function pidIn(fd: number): number | null {
  const buffer = Buffer.alloc(32);
  const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
  const pid = Number.parseInt(buffer.subarray(0, length).toString('utf8'), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Whether the open file is still the one at `lockPath` (not removed, nor replaced by another). */
function isAt(fd: number, lockPath: string): boolean {
  try {
    const open = fs.fstatSync(fd);
    const atPath = fs.statSync(lockPath);
    return open.ino === atPath.ino && open.dev === atPath.dev;
  } catch {
    return false;
  }
}
