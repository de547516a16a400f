import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for everything; `npm test` runs all projects. The server project runs against PGlite
// by default and against PostgreSQL when TEST_DATABASE_URL is set (see .ci/run).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'bridge',
          include: ['apps/bridge/src/**/*.test.ts', 'apps/bridge/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
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
          // Browser journeys share one machine with 2 cores: run files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
