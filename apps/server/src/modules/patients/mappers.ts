import type { Patient } from '@vigil/domain';
import type { patients } from '../../db/schema.ts';

// Row → wire shape: dates become ISO strings, and nothing outside the schema leaves the server.
export const toPatient = (r: typeof patients.$inferSelect): Patient => ({
  id: r.id,
  name: r.name,
  oxygenLevel: r.oxygenLevel,
  pulse: r.pulse,
  systolicBP: r.systolicBP,
  diastolicBP: r.diastolicBP,
  temperature: r.temperature,
  condition: r.condition,
  lastUpdated: r.lastUpdated.toISOString(),
  hasVitalWatch: r.hasVitalWatch,
  vitalWatchType: r.vitalWatchType,
  vitalWatchConnected: r.vitalWatchConnected,
  respiratoryRate: r.respiratoryRate,
  consciousness: r.consciousness,
  onSupplementalOxygen: r.onSupplementalOxygen,
  spo2Scale: r.spo2Scale === 2 ? 2 : 1,
  createdAt: r.createdAt.toISOString(),
});
