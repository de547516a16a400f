export * from './alert.ts';
export * from './analysis.ts';
export * from './analysis-schema.ts';
export * from './news2.ts';
export * from './news2-chart.ts';
export * from './patient-news2.ts';
export * from './trend.ts';
export * from './vitals.ts';
