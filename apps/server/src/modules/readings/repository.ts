import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotentRequests, patients, vitalReadings } from '../../db/schema.ts';

export type ReadingRow = typeof vitalReadings.$inferSelect;
export type NewReading = Omit<ReadingRow, 'id' | 'createdAt'>;
type PatientRow = typeof patients.$inferSelect;

/** Columns of the bulk insert and the reading field each comes from. */
const COLUMNS = [
  ['patient_id', 'patientId'],
  ['device_id', 'deviceId'],
  ['device_name', 'deviceName'],
  ['connection_type', 'connectionType'],
  ['reading_time', 'readingTime'],
  ['heart_rate', 'heartRate'],
  ['oxygen_level', 'oxygenLevel'],
  ['systolic_bp', 'systolicBP'],
  ['diastolic_bp', 'diastolicBP'],
  ['temperature', 'temperature'],
  ['respiratory_rate', 'respiratoryRate'],
  ['consciousness', 'consciousness'],
  ['on_supplemental_oxygen', 'onSupplementalOxygen'],
  ['battery_level', 'batteryLevel'],
  ['steps', 'steps'],
  ['sleep_hours', 'sleepHours'],
  ['recorded_by', 'recordedBy'],
] as const satisfies readonly (readonly [string, keyof NewReading])[];
const COLUMN_LIST = sql.raw(COLUMNS.map(([column]) => column).join(', '));

/** What the bulk insert returns per stored row; the rest of the row is what was sent. */
interface InsertedKey {
  id: number | string;
  patient_id: number;
  device_id: string | null;
  reading_time: Date | string;
  created_at: Date | string;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const identity = (patientId: number, deviceId: string | null, time: Date) =>
  `${patientId}|${deviceId ?? ''}|${time.getTime()}`;

export function createReadingRepository(db: Db) {
  return {
    /** Readings of one patient in [from, to], oldest first (the trend's input). */
    between(patientId: number, from: Date, to: Date): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            gte(vitalReadings.readingTime, from),
            lte(vitalReadings.readingTime, to),
          ),
        )
        .orderBy(asc(vitalReadings.readingTime))
        .limit(2000);
    },

    /** Newest first, strictly before the (readingTime, id) cursor and at or after `since` when given. */
    page(
      patientId: number,
      limit: number,
      before: { time: Date; id: number } | null,
      since: Date | null,
    ): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            before
              ? sql`(${vitalReadings.readingTime}, ${vitalReadings.id}) < (${before.time.toISOString()}::timestamptz, ${before.id})`
              : undefined,
            since ? gte(vitalReadings.readingTime, since) : undefined,
          ),
        )
        .orderBy(desc(vitalReadings.readingTime), desc(vitalReadings.id))
        .limit(limit);
    },

    async existingPatientIds(ids: number[]): Promise<Set<number>> {
      const rows = await db.select({ id: patients.id }).from(patients).where(inArray(patients.id, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;

/** The statements of the ingest transaction; `tx` is the transaction they run in. */
export function ingestStatements(tx: Db) {
  return {
    /**
     * Bulk insert with the whole batch as one JSON parameter (json_populate_recordset): one
     * parameter and one statement for any batch size. A reading already stored for the same device
     * and time is skipped (ON CONFLICT DO NOTHING). Only the keys come back; the stored rows are
     * the sent values with their new ids.
     */
    async insertReadings(rows: NewReading[]): Promise<ReadingRow[]> {
      const json = JSON.stringify(
        rows.map((r) => Object.fromEntries(COLUMNS.map(([column, key]) => [column, r[key]]))),
      );
      const result = await tx.execute(
        sql`insert into vital_readings (${COLUMN_LIST}) select ${COLUMN_LIST}
            from json_populate_recordset(null::vital_readings, ${json}::json)
            on conflict (device_id, reading_time) do nothing
            returning id, patient_id, device_id, reading_time, created_at`,
      );
      const sent = new Map<string, NewReading[]>();
      for (const r of rows) {
        const key = identity(r.patientId, r.deviceId, r.readingTime);
        sent.set(key, [...(sent.get(key) ?? []), r]);
      }
      return (result as unknown as { rows: InsertedKey[] }).rows.map((k) => {
        const readingTime = asDate(k.reading_time);
        const source = sent.get(identity(k.patient_id, k.device_id, readingTime))!.shift()!;
        return { ...source, id: Number(k.id), readingTime, createdAt: asDate(k.created_at) };
      });
    },

    /** Stored readings for (deviceId, readingTime) pairs: what a resend refers to. */
    async findByDeviceTimes(pairs: { deviceId: string; readingTime: Date }[]): Promise<ReadingRow[]> {
      if (pairs.length === 0) return [];
      return tx
        .select()
        .from(vitalReadings)
        .where(
          sql`(${vitalReadings.deviceId}, ${vitalReadings.readingTime}) in (${sql.join(
            pairs.map((p) => sql`(${p.deviceId}, ${p.readingTime.toISOString()}::timestamptz)`),
            sql`, `,
          )})`,
        );
    },

    /** The patient row, locked until commit so concurrent ingests apply in order. */
    async lockPatient(id: number): Promise<PatientRow | undefined> {
      const [row] = await tx.select().from(patients).where(eq(patients.id, id)).for('update');
      return row;
    },

    async updatePatient(id: number, patch: Partial<PatientRow>): Promise<PatientRow> {
      const [row] = await tx.update(patients).set(patch).where(eq(patients.id, id)).returning();
      return row!;
    },

    /** Claims an idempotency key; false when it was claimed before (its stored answer stands). */
    async claimKey(key: string): Promise<boolean> {
      const claimed = await tx
        .insert(idempotentRequests)
        .values({ key, status: 0, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      return claimed.length > 0;
    },

    async storedAnswer(key: string): Promise<unknown> {
      const [row] = await tx.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
      return row?.response;
    },

    async storeAnswer(key: string, response: unknown): Promise<void> {
      await tx
        .update(idempotentRequests)
        .set({ status: 201, response })
        .where(eq(idempotentRequests.key, key));
    },
  };
}
