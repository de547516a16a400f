import { LiveEvent } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers.ts';

/** The live events stored for a patient of one type, oldest first, as the streams send them. */
export async function storedEvents(t: Pick<TestApp, 'database'>, patientId: number, type: string) {
  const result = await t.database.db.execute(
    sql`select id::float8 as id, type, patient_id as "patientId", data from live_events where patient_id = ${patientId} and type = ${type} order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.map((row) => LiveEvent.parse(row));
}
