import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { describeRuntimeProblem } from './packages/domain/src/runtime.js';

// Tests spawn servers and bridges with process.execPath: they must run on the supported Node, the
// one `npm test` and `npx vitest` put first on PATH (node_modules/.bin/node), never the machine's older one.
const runtimeProblem = describeRuntimeProblem(process.version);
if (runtimeProblem) throw new Error(`${runtimeProblem} Run the tests with npm test or npx vitest.`);

/**
 * The journeys by how long they took, three at a time on two cores (seconds, measured on a clean
 * run: real outages of 10, 30 and 61 s, 205; a walk of every screen, 198; then 141, 115, 103, 100,
 * 97, 86, 76, 73 and 57, beside a median of 50). Started longest first, the run does not end waiting
 * on one of them alone (it did: by file size, Vitest's order on a clean clone, the outages started
 * last and ran alone for their last 200 s; with only the eight longest ranked, the handover's 86 s
 * started near the end and ran alone for 44). Vitest's own order follows for the rest.
 */
const LONGEST_FIRST = [
  'e2e/live-healing.test.ts',
  'e2e/third-walk.test.ts',
  'e2e/clinical-truth.test.ts',
  'e2e/dashboard.test.ts',
  'e2e/ward-screens.test.ts',
  'e2e/live-vitals.test.ts',
  'e2e/screens-axe.test.ts',
  'e2e/handover.test.ts',
  'e2e/bridge-manager.test.ts',
  'e2e/shell.test.ts',
  'e2e/alerts.test.ts',
  'e2e/rolling-restart.test.ts',
  'e2e/bluetooth-manager.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files))
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

// One runner for everything; `npm test` runs all projects. The server project runs against PGlite
// by default and against PostgreSQL when TEST_DATABASE_URL is set (see .ci/run).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one file at a time. Two
    // at once overlap what the API, bridge and unit files mostly do: wait on servers and timers.
    // Three at once on two cores starved the servers that tests start as processes.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'domain',
          // The shared packages: the domain, and the PID lock the server and the bridge hold.
          include: ['packages/domain/src/**/*.test.ts', 'packages/pid-lock/src/**/*.test.ts'],
          environment: 'node',
          // Pure functions and one lock file: nothing a file leaves behind reaches another, so files
          // share a worker's imports (5.7 s alone isolated, 2.4 s not; passed shuffled, seeds 5 and 6).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Files run one after another in a worker that keeps its imported modules: each builds its
          // own app on its own database, and none changes a module's state (no vi.mock; fake timers
          // are put back after each test). Isolated, a third of the project's time was importing the
          // server again for every file (259 s against 152 s for the project on two cores).
          isolate: false,
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
          // Its files mostly import React, Radix and the app's modules; isolated, each imported them
          // again (20 s alone, 22 s of the whole run with nothing beside it). In threads sharing their
          // imports, 6 s. What a file changes is put back after it: fetch stubs are unstubbed, the
          // module mocks (vi.mock of the toasts) are the mocker's per file, and Testing Library
          // unmounts; the project passed in four shuffled orders (seeds 1 to 4).
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'bridge',
          include: ['apps/bridge/src/**/*.test.ts', 'apps/bridge/test/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own bridges and servers and stops them: files share a worker's
          // imports (passed shuffled, seeds 5 and 6).
          isolate: false,
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
          // A failed journey prints its pages' diaries (harness.ts reportFailedJourney).
          setupFiles: ['e2e/support/journey-setup.ts'],
          // A journey polls for what a server, a bridge or a browser does next: Vitest's default of
          // one second is shorter than a round trip on a busy machine (three journeys at once on two
          // cores). A poll only waits for its matcher to hold, so a longer one hides nothing.
          expect: { poll: { timeout: 10_000 } },
          // After the other projects (their own group), three journeys at once: a journey mostly
          // waits (on its server, its browser, a reconnect or a device's stream), so one at a time
          // left the two cores idle for two thirds of the run. Four at once was about 50 s faster,
          // but two of four whole runs then failed, each on a race the load showed (decision 040).
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
        },
      },
    ],
  },
});
