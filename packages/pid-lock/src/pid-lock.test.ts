import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquirePidLock } from './pid-lock.ts';

const options = { inUse: (pid: number | null) => `in use by ${pid}`, failed: 'could not lock' };
const PID_LOCK_URL = pathToFileURL(fileURLToPath(new URL('./pid-lock.ts', import.meta.url))).href;

/** A script that takes the lock at its first argument, prints its PID, and holds it until killed. */
const HOLDER = `import { acquirePidLock } from ${JSON.stringify(PID_LOCK_URL)};
acquirePidLock(process.argv[2], { inUse: () => 'in use', failed: 'failed' });
process.stdout.write(process.pid + '\\n');
setInterval(() => {}, 60_000);
`;

/** The first line a child prints: the PID of the process holding the lock. */
function lockedBy(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (data) => {
      output += data;
      if (output.includes('\n')) resolve(Number.parseInt(output, 10));
    });
    child.stderr!.on('data', (data) => (output += data));
    child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before locking: ${output}`)));
  });
}

/** The process state `ps` reports ("Z" for a zombie: dead, not yet reaped), or '' when it is gone. */
function stateOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

describe('acquirePidLock', () => {
  let dir: string;
  let lockPath: string;
  let holderScript: string;
  const children: ChildProcess[] = [];
  /** A Node process holding the lock, its own child. */
  const holder = () => {
    const child = spawn(process.execPath, [holderScript, lockPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    return child;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pid-lock-'));
    lockPath = path.join(dir, 'test.lock');
    holderScript = path.join(dir, 'holder.mjs');
    fs.writeFileSync(holderScript, HOLDER);
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes its PID, and removes the file on release', () => {
    const release = acquirePidLock(lockPath, options);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses while a live process holds the lock, with the caller’s words and its PID', async () => {
    const pid = await lockedBy(holder());
    // A live holder is waited for before the refusal (5 s by default; a moment here).
    expect(() => acquirePidLock(lockPath, { ...options, waitMs: 200 })).toThrow(`in use by ${pid}`);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(pid));
  });

  it('is taken right after its holder is killed with SIGKILL, while the dead holder is still a zombie: 8 of 8', async () => {
    let restarts = 0;
    for (let round = 0; round < 8; round++) {
      // The holder's parent is `sleep` (the shell execs it), which never reaps it: killed, it stays a
      // zombie with its PID taken, as the probe found a killed server under its supervisor.
      const wrapper = spawn(
        'sh',
        ['-c', `"${process.execPath}" "$1" "$2" & exec sleep 60`, 'sh', holderScript, lockPath],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      children.push(wrapper);
      const pid = await lockedBy(wrapper);
      process.kill(pid, 'SIGKILL');
      try {
        acquirePidLock(lockPath, options)();
        restarts++;
      } catch (error) {
        console.log(`round ${round + 1}: ${(error as Error).message}`);
      }
      // Nobody reaped it: the PID still names a (dead) process, which is what a PID file trusted.
      expect(stateOf(pid)).toMatch(/^Z/);
      wrapper.kill('SIGKILL');
    }
    console.log(`restarts right after kill -9 (the holder a zombie): ${restarts} of 8`);
    expect(restarts).toBe(8);
  });

  it('refuses a live holder only after waiting for it a moment, as long as asked', async () => {
    const pid = await lockedBy(holder());
    const started = performance.now();
    expect(() => acquirePidLock(lockPath, { ...options, waitMs: 300 })).toThrow(`in use by ${pid}`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('takes over a lock file naming a live process that does not hold it (a PID reused after a power cut)', async () => {
    const unrelated = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)']);
    children.push(unrelated);
    await new Promise((resolve) => unrelated.once('spawn', resolve));
    fs.writeFileSync(lockPath, String(unrelated.pid));
    const release = acquirePidLock(lockPath, options);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file that holds no PID', () => {
    fs.writeFileSync(lockPath, 'not a pid');
    const release = acquirePidLock(lockPath, options);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('leaves alone, on release, a lock file another process made and holds since', async () => {
    const release = acquirePidLock(lockPath, options);
    fs.rmSync(lockPath);
    const pid = await lockedBy(holder());
    release();
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(pid));
    expect(() => acquirePidLock(lockPath, { ...options, waitMs: 200 })).toThrow(`in use by ${pid}`);
  });

  it.runIf(process.platform !== 'win32')('creates the file with the mode asked for', () => {
    const release = acquirePidLock(lockPath, { ...options, mode: 0o600 });
    expect(fs.statSync(lockPath).mode & 0o777).toBe(0o600);
    release();
  });
});
