import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { buildAnalysis, computeNews2 } from '../packages/domain/src/index.ts';
import { fmt, measure, report } from './lib.ts';

/** NEWS2 engine speed, and the cost of the analysis route relative to a bare request. */
export async function benchAnalysis() {
  console.log('\n# Clinical analysis');
  const vitals = {
    heartRate: 118,
    oxygenLevel: 93,
    systolicBP: 98,
    diastolicBP: 60,
    temperature: 1013,
    respiratoryRate: 24,
    consciousness: 'A' as const,
    onSupplementalOxygen: true,
    spo2Scale: 1 as const,
  };
  const now = new Date();
  const score = await measure(() => computeNews2(vitals), 1);
  report('NEWS2 score (domain)', `${fmt(score.opsPerSecond)} scores/s`);
  const full = await measure(() => buildAnalysis({ ...vitals, now }), 1);
  report('Full rule-based analysis (domain)', `${fmt(full.opsPerSecond)} analyses/s`);

  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
    database,
    logger: false,
    narrator: null,
  });
  await seedDemoData(database.db, app.services.ingest);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const reg = await fetch(`${address}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench${Date.now()}`, password: 'bench password' }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const get = (path: string) => async () => {
      const res = await fetch(`${address}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
    };
    const health = await measure(get('/api/health'), 3, 8);
    const analysis = await measure(get('/api/patients/1/analysis'), 3, 8);
    report('GET /api/health (baseline, PGlite)', `${fmt(health.opsPerSecond)} req/s`);
    const ratio = analysis.opsPerSecond / health.opsPerSecond;
    report('GET /api/patients/1/analysis', `${fmt(analysis.opsPerSecond)} req/s`, {
      value: ratio,
      goal: '≥ 0.5',
      ok: ratio >= 0.5,
    });
  } finally {
    await app.close();
    await database.close();
  }
}
