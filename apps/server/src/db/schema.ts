// Field names and defaults follow spec point 3; additions are commented. Migrations are generated
// from this file by drizzle-kit (`npm run db:generate -w @vigil/server`) and never edited once landed.
// Each table is defined in the schema of the module that owns it (`modules/<module>/schema.ts`,
// decision 036); this file is the one list of them, which drizzle-kit and the database client read.

export * from '../modules/alerts/schema.ts';
export * from '../modules/audit/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/bridge/schema.ts';
export * from '../modules/care/schema.ts';
export * from '../modules/devices/schema.ts';
export * from '../modules/events/schema.ts';
export * from '../modules/fhir/schema.ts';
export * from '../modules/handover/schema.ts';
export * from '../modules/patients/schema.ts';
export * from '../modules/readings/schema.ts';
export * from '../modules/smart/schema.ts';
export * from '../modules/ward/schema.ts';
export * from '../modules/wards/schema.ts';
export * from '../modules/wearables/schema.ts';
