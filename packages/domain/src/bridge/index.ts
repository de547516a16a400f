export * from './pairing.ts';
export * from './protocol.ts';
