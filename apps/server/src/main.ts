import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { backfillPatientState } from './db/backfill.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { createFileAuditAnchor, loadAuditKey } from './modules/audit/anchor.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  // Of several instances started together on a new database, one applies the migrations (under a
  // lock) and the others find them applied.
  const migrationsApplied = await database.migrate();
  await backfillPatientState(database.db);
  const auditAnchor = createFileAuditAnchor({
    key: loadAuditKey({ key: config.audit.key, dataDir: config.dataDir }),
    file: config.audit.checkpointFile,
  });
  const app = await buildApp({ config, database, auditAnchor });
  await app.ready();
  if (config.seedDemo && (await seedDemoData(database.db, app.services.ingest)))
    app.log.info('seeded the demo ward');

  let stopping = false;
  // A restart that loses nothing (decision 032): not ready first, so the load balancer stops
  // sending requests; then the event streams are handed over and the requests in flight finish;
  // then the background work stops after its run in flight, and the database is let go.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const { drainMs, timeoutMs } = config.shutdown;
    const force = setTimeout(() => process.exit(1), drainMs + timeoutMs + 10_000).unref();
    try {
      await app.drain({ delayMs: drainMs, timeoutMs });
      await app.close();
      await database.close(); // PGlite: a clean close keeps sequences and data consistent
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      driver: database.driver,
      ...(database.driver === 'pglite' ? { dataDir: config.dataDir } : {}),
      node: process.version,
      migrationsApplied,
    },
    `Vigil is ready on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  // Configuration and start-up errors are ours and carry no patient data.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
