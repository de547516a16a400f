export * from './api.ts';
export * from './auth.ts';
export * from './bridge/index.ts';
export * from './clinical/index.ts';
export * from './entities.ts';
export * from './inputs.ts';
export * from './readings.ts';
export * from './ward.ts';
