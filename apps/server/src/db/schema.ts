// Field names and defaults follow spec point 3; additions are commented. Migrations are generated
// from this file by drizzle-kit (`npm run db:generate -w @vigil/server`) and never edited once landed.
// The tables live in schema/, one file per area; drizzle-kit reads them through this file.

export * from './schema/accounts.ts';
export * from './schema/devices.ts';
export * from './schema/events.ts';
export * from './schema/integrations.ts';
export * from './schema/patients.ts';
export * from './schema/ward.ts';
export * from './schema/wards.ts';
