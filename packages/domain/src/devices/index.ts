export * from './gatt/index.ts';
export * from './simulation.ts';
export * from './tokens.ts';
