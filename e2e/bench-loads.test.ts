import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// `npm run bench` runs the benchmarks in plain Node, outside Vitest, and they share the journeys'
// harness: a module of it that registers a Vitest hook on import broke every benchmark once, and no
// test noticed. Each benchmark module is imported here as `npm run bench` imports it.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES = fs
  .readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => pathToFileURL(path.join(ROOT, 'bench', f)).href);

it('loads every benchmark module outside Vitest, as npm run bench does', async () => {
  expect(BENCHES.length).toBeGreaterThan(5);
  const script = `for (const url of ${JSON.stringify(BENCHES)}) await import(url); console.log('loaded');`;
  const env = { ...process.env };
  // Outside Vitest: none of its variables, as in a plain `node` run.
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TEST') delete env[key];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: ROOT, env, timeout: 50_000 },
  );
  expect(stdout.trim()).toBe('loaded');
});
