import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRuntimeProblem } from '@vigil/domain';
import semver from 'semver';

/**
 * `npm run runtime` (first step of `npm test` and of CI): names the Node that runs the project's
 * scripts — node_modules/.bin/node from the `node` package, or the machine's own when it is newer
 * on PATH — and checks it against the `engines` of every installed package. npm checks engines
 * against the Node that runs npm itself (the machine's), not this one, so .npmrc no longer sets
 * engine-strict and this check takes its place (docs/decisions/015-node-24-runtime.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = process.version;
console.log(`Node ${version} (${process.execPath})`);

const problem = describeRuntimeProblem(version);
if (problem) {
  console.error(problem);
  process.exit(1);
}

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  link?: boolean;
}
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const refused: string[] = [];
let checked = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  // Platform packages of other machines are in the lock but not installed here.
  if (!location || entry.link || !fs.existsSync(path.join(root, location))) continue;
  const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
  if (!range) continue;
  checked++;
  if (!semver.satisfies(version, range)) refused.push(`${location}@${entry.version}: node ${range}`);
}
if (refused.length > 0) {
  console.error(`These installed packages do not support Node ${version}:\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(`Every installed package that names a Node version accepts it (${checked} checked).`);
