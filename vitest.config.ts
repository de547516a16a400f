import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { describeRuntimeProblem } from './packages/domain/src/runtime.js';

// Tests spawn servers and bridges with process.execPath: they must run on the supported Node, the
// one `npm test` and `npx vitest` put first on PATH (node_modules/.bin/node), never the machine's older one.
const runtimeProblem = describeRuntimeProblem(process.version);
if (runtimeProblem) throw new Error(`${runtimeProblem} Run the tests with npm test or npx vitest.`);

// One runner for everything; `npm test` runs all projects. The server project runs against PGlite
// by default and against PostgreSQL when TEST_DATABASE_URL is set (see .ci/run).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one file at a time. Two
    // at once overlap what the API, bridge and unit files mostly do: wait on servers and timers.
    // Three at once on two cores starved the servers that tests start as processes.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          // The shared packages: the domain, and the PID lock the server and the bridge hold.
          include: ['packages/domain/src/**/*.test.ts', 'packages/pid-lock/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Every test database starts from one migrated database per run: on PGlite a dump, on
          // PostgreSQL a template database (apps/server/test/support/database-template.ts).
          globalSetup: ['apps/server/test/support/database-template.ts'],
          // Generous: beside a browser journey on two cores, real hashing, I/O and process starts may wait.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          // Pure logic in *.test.ts; components and hooks in *.test.tsx, rendered by Testing Library
          // into happy-dom (each such file says `@vitest-environment happy-dom` at its top).
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'bridge',
          include: ['apps/bridge/src/**/*.test.ts', 'apps/bridge/test/**/*.test.ts'],
          environment: 'node',
          // Generous: beside a browser journey on two cores, real hashing, I/O and process starts may wait.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['e2e/support/database-template.ts'],
          // One journey at a time (after the other projects): two browsers and their servers at
          // once on two cores made journeys that time a reconnect or a device's stream flaky.
          fileParallelism: false,
        },
      },
    ],
  },
});
