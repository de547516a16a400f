export * from './battery.ts';
export * from './gatt/index.ts';
export * from './links.ts';
export * from './simulation.ts';
export * from './sources.ts';
export * from './tokens.ts';
