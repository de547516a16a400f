import { describe, expect, it } from 'vitest';
import { describeRuntimeProblem, SUPPORTED_NODE_MAJOR } from './runtime.js';

describe('the supported runtime', () => {
  it.each(['v24.0.0', 'v24.21.0', 'v25.1.0', 'v26.0.0'])('runs on %s', (version) => {
    expect(describeRuntimeProblem(version)).toBeNull();
  });

  it.each(['v20.20.2', 'v22.18.0', 'v23.11.1', 'garbage'])('refuses %s and says what to do', (version) => {
    const problem = describeRuntimeProblem(version);
    expect(problem).toContain(`Node.js ${SUPPORTED_NODE_MAJOR} or newer`);
    expect(problem).toContain(version);
    expect(problem).toContain('npm start');
  });

  it('is the Node that runs these tests (npm and npx put node_modules/.bin/node first)', () => {
    expect(describeRuntimeProblem(process.version)).toBeNull();
  });
});
