import { benchAnalysis } from './analysis.bench.ts';

/** `npm run bench`: prints figures as ratios against baselines measured in the same run. */
console.log(`Vigil benchmarks — ${new Date().toISOString()} — node ${process.version}`);
await benchAnalysis();
