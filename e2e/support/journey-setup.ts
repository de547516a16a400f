import { afterEach } from 'vitest';
import { reportFailedJourney } from './harness.ts';

// The e2e project's setup file: runs in each journey file's own context (the project isolates
// files), so the harness's module state it reports on is that file's.
afterEach(reportFailedJourney);
