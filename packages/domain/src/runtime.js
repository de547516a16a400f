/**
 * The Node.js release line Vigil runs on: 24, LTS until 2028-04-30 (20 reached end of life on
 * 2026-04-30). `npm install` brings it as node_modules/.bin/node (the `node` package), which npm
 * scripts run first; a server installed without it needs the machine's own Node 24
 * (docs/decisions/015-node-24-runtime.md).
 */
export const SUPPORTED_NODE_MAJOR = 24;

/**
 * Why Vigil must not run on `version` (a `process.version` such as "v20.20.2"), or null when it may.
 * Plain JavaScript (typed by runtime.d.ts): the entry points (apps/server/start.js, apps/bridge/start.js)
 * read it on any Node before anything TypeScript, so an older Node says what it needs.
 *
 * @param {string} version
 * @returns {string | null}
 */
export function describeRuntimeProblem(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= SUPPORTED_NODE_MAJOR) return null;
  return (
    `Vigil needs Node.js ${SUPPORTED_NODE_MAJOR} or newer and this is Node ${version}. ` +
    `Start it through npm (npm start, npm run bridge), which runs the project's own Node ${SUPPORTED_NODE_MAJOR} ` +
    `from node_modules/.bin after npm install, or install Node.js ${SUPPORTED_NODE_MAJOR} LTS on this machine.`
  );
}

/**
 * Loads `entry` (a module URL) when this Node is one Vigil runs on; otherwise says why on stderr
 * and exits with `exitCode`. What the server's and the bridge's entry points do first.
 *
 * @param {string} entry
 * @param {number} exitCode
 * @returns {Promise<void>}
 */
export async function startOnSupportedNode(entry, exitCode) {
  const problem = describeRuntimeProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(exitCode);
  }
  await import(entry);
}
