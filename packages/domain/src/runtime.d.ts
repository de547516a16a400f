/** The Node.js release line Vigil runs on (runtime.js). */
export declare const SUPPORTED_NODE_MAJOR: 24;
/** Why Vigil must not run on `version` (a `process.version`), or null when it may (runtime.js). */
export declare function describeRuntimeProblem(version: string): string | null;
/** Loads `entry` (a module URL) on a supported Node; otherwise says why and exits with `exitCode` (runtime.js). */
export declare function startOnSupportedNode(entry: string, exitCode: number): Promise<void>;
