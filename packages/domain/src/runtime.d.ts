/** The Node.js release line Vigil runs on (runtime.js). */
export declare const SUPPORTED_NODE_MAJOR: 24;
/** Why Vigil must not run on `version` (a `process.version`), or null when it may (runtime.js). */
export declare function describeRuntimeProblem(version: string): string | null;
