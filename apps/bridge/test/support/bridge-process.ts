import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface RunningBridge {
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Its JSON log lines. */
  logs(): Record<string, unknown>[];
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real bridge (`node apps/bridge/start.js`) on a free port, with its own
 * data folder unless one is given (a restart passes the folder of the previous run).
 */
export async function startBridge(
  options: { args?: string[]; env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningBridge> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bridge-'));
  const child = spawn(
    process.execPath,
    [
      'apps/bridge/start.js',
      '--port',
      String(options.port ?? 0),
      '--data-dir',
      dataDir,
      '--log-level',
      'debug',
      ...(options.args ?? []),
    ],
    { cwd: REPO_ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const logs = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = logs().find((l) => l.msg === 'bridge ready');
    if (ready) {
      const port = ready.port as number;
      return {
        port,
        url: `ws://127.0.0.1:${port}`,
        dataDir,
        child,
        output: () => output,
        logs,
        async kill(signal) {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill(signal);
          await exited;
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`bridge exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bridge not ready within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
