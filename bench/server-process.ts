import { spawn } from 'node:child_process';
import { freePort } from '../apps/server/test/free-port.ts';
import { inspectorUrlOf } from './inspector.ts';

/**
 * The real server (apps/server/src/main.ts) as its own process, for benchmarks. BENCH_SERVER_FLAGS
 * adds node flags to it, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes.
 */
export async function startServerProcess(env: Record<string, string>, options: { inspect?: boolean } = {}) {
  const port = await freePort();
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  if (options.inspect) flags.push('--inspect=127.0.0.1:0');
  const child = spawn(process.execPath, [...flags, 'apps/server/start.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What the server said on stderr last: why it did not start (a configuration it refused, say).
  let said = '';
  child.stderr!.on('data', (chunk) => {
    said = (said + String(chunk)).slice(-2_000);
  });
  const inspectorUrl = options.inspect ? inspectorUrlOf(child) : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      if (i > 1200 || child.exitCode !== null)
        throw new Error(`the server did not start${said ? `:\n${said.trim()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    inspectorUrl: inspectorUrl && (await inspectorUrl),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
