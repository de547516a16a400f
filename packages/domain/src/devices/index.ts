export * from './gatt/index.ts';
export * from './simulation.ts';
