import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquirePidLock } from './pid-lock.ts';

const options = { inUse: (pid: number) => `in use by ${pid}`, failed: 'could not lock' };

describe('acquirePidLock', () => {
  let dir: string;
  let lockPath: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pid-lock-'));
    lockPath = path.join(dir, 'test.lock');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes its PID, and removes the file on release', () => {
    const release = acquirePidLock(lockPath, options);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses while a live process holds the lock, with the caller’s words', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockPath, String(holder.pid));
      expect(() => acquirePidLock(lockPath, options)).toThrow(`in use by ${holder.pid}`);
      expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died, or one that holds no PID', () => {
    for (const left of ['999999999', 'not a pid']) {
      fs.writeFileSync(lockPath, left);
      const release = acquirePidLock(lockPath, options);
      expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      release();
    }
  });

  it('leaves a lock another process took since alone on release', () => {
    const release = acquirePidLock(lockPath, options);
    fs.writeFileSync(lockPath, '999999999');
    release();
    expect(fs.readFileSync(lockPath, 'utf8')).toBe('999999999');
  });

  it.runIf(process.platform !== 'win32')('creates the file with the mode asked for', () => {
    const release = acquirePidLock(lockPath, { ...options, mode: 0o600 });
    expect(fs.statSync(lockPath).mode & 0o777).toBe(0o600);
    release();
  });
});
