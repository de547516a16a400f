import {
  countsAsCurrent,
  deviceStatus,
  nextObservationDue,
  type PatientDevice,
  type ReadingProvenance,
  summarizeNews2,
  VITAL_KEYS,
  VITAL_SIGNS,
  type VitalSources,
  type VitalState,
} from '@vigil/domain';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { deviceLinkRecords } from '../modules/devices/reader.ts';
import { apply } from '../modules/patients/patient-writer.ts';
import { type PatientRow, patientRecords } from '../modules/patients/reader.ts';
import { readingRecords } from '../modules/readings/reader.ts';
import type { Db } from './client.ts';
import { runOn } from './prepared.ts';

// The tables are the modules': read as their owners' readers give them (decision 041).
const patients = patientRecords('p');
const vitalReadings = readingRecords('r');
const deviceLinks = deviceLinkRecords('l');

/**
 * The data half of migrations 0008–0009 (decision 014), run at start-up after the SQL migrations:
 * for each patient stored before provenance (no NEWS2 yet), its current values and their sources
 * from the newest reading of each vital that counts, its devices from its active links, and its NEWS2
 * by the domain function. SQL cannot score NEWS2, so this step is code; it touches only rows without
 * a NEWS2 and so runs once.
 *
 * A real patient whose value of a vital came only from simulated readings (the old "Use Demo Device"
 * replaced vitals) and that no counting reading ever recorded keeps the stored value, marked as
 * simulation, and NEWS2 treats that parameter as missing: it is never scored as the patient's state.
 */
export async function backfillPatientState(db: Db, now: Date = new Date()): Promise<number> {
  const pending = await db.select().from(patients).where(isNull(patients.news2)).orderBy(asc(patients.id));
  for (const row of pending) {
    await db.transaction(async (tx) => {
      const readings = await tx
        .select()
        .from(vitalReadings)
        .where(eq(vitalReadings.patientId, row.id))
        .orderBy(desc(vitalReadings.readingTime), desc(vitalReadings.id));
      const values: Record<string, unknown> = {};
      // What NEWS2 scores: each vital's value that counts, null where none does.
      const scored: Record<string, unknown> = Object.fromEntries(VITAL_KEYS.map((key) => [key, null]));
      const sources: VitalSources = {};
      for (const vital of VITAL_SIGNS) {
        const field = vital.key;
        const current = row[field] ?? null;
        const measured = readings.filter((r) => r[vital.readingField] !== null);
        const newest = measured.find((r) => countsAsCurrent(r.provenance, row));
        if (newest) {
          values[field] = newest[vital.readingField];
          scored[field] = newest[vital.readingField];
          sources[field] = sourceOf(newest.provenance, newest.readingTime, newest.deviceName);
        } else if (current !== null) {
          values[field] = current;
          const overwritten = measured[0];
          if (overwritten && !countsAsCurrent(overwritten.provenance, row)) {
            // Only simulated values ever set it: shown as such, never scored.
            sources[field] = sourceOf(
              overwritten.provenance,
              overwritten.readingTime,
              overwritten.deviceName,
            );
            scored[field] = null;
          } else {
            // Entered at admission or in an edit: a person's observation.
            sources[field] = sourceOf('observation', row.lastUpdated, null);
            scored[field] = current;
          }
        }
      }
      const links = await tx
        .select()
        .from(deviceLinks)
        .where(and(eq(deviceLinks.patientId, row.id), isNull(deviceLinks.endedAt)))
        .orderBy(desc(deviceLinks.linkedAt), desc(deviceLinks.id));
      const devices: PatientDevice[] = links.map((l) => ({
        linkId: l.id,
        deviceId: l.deviceId,
        deviceName: l.deviceName,
        connectionType: l.connectionType,
        simulated: l.simulated,
        status: deviceStatus({ ...l, endedAt: null }) === 'reconnecting' ? 'reconnecting' : 'connected',
        lostAt: null,
        lostReason: null,
        batteryLevel: l.batteryLevel,
      }));
      const news2 = summarizeNews2(
        { ...(scored as VitalState), spo2Scale: row.spo2Scale === 2 ? 2 : 1, isDemo: row.isDemo },
        sources,
        now.getTime(),
      );
      const { dueAt } = nextObservationDue(
        news2,
        row.createdAt,
        row.monitoringException ?? null,
        now.getTime(),
      );
      await apply(runOn(tx), {
        kind: 'backfill',
        patientId: row.id,
        state: {
          ...(values as Partial<PatientRow>),
          sources,
          news2,
          news2Total: news2.total,
          nextObservationDue: dueAt,
          devices,
        },
      });
    });
  }
  return pending.length;
}

const sourceOf = (provenance: ReadingProvenance, at: Date, deviceName: string | null) => ({
  provenance,
  at: at.toISOString(),
  source: provenance === 'observation' ? null : deviceName,
});
