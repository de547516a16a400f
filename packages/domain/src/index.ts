export * from './api.ts';
export * from './auth.ts';
export * from './entities.ts';
