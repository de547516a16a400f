export * from './pairing.ts';
export * from './protocol.ts';
export * from './protocol-parse.ts';
