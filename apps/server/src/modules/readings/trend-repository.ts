import { type Spo2ScaleChange, VITAL_SIGNS } from '@vigil/domain';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowMapper } from '../../db/prepared.ts';
import { patientRecords, scaleChanges } from '../patients/reader.ts';
import type { ReadingRow } from './repository.ts';
import { vitalReadings } from './schema.ts';

// Patients and their SpO2 scale changes are the patients module's: read as its reader gives them
// (decision 041).
const patients = patientRecords('p');
const spo2ScaleChanges = scaleChanges('c');

/** The two ends of a patient's NEWS2 series over a window, as stored readings. */
export interface SeriesEnds {
  patientId: number;
  spo2Scale: number;
  /** Readings in the window that measured a vital sign, counted up to two (a trend needs two). */
  scored: number;
  /** The oldest of them: the series' first point scores its values alone. */
  first: ReadingRow | null;
  /**
   * Each vital sign's latest value in the window: the series' last point scores these (a reading
   * lacking a parameter carries the window's latest earlier value forward). Its time is the latest
   * reading's, that of the series' last point.
   */
  latest: ReadingRow;
}

const COLUMNS = getTableColumns(vitalReadings);
const VITAL_COLUMNS = VITAL_SIGNS.map((v) => COLUMNS[v.readingField].name);
const toReadingRow = rowMapper(vitalReadings);

/**
 * The ends of the NEWS2 series of several patients over [from, to], in one query: the board asks
 * for every bed at once. Each end is found through the (patient, time) index with `limit`, so a
 * device sending every second does not ship the window's thousands of readings to be scored.
 */
export function createTrendRepository(db: Db) {
  return {
    /** Whether a patient is a demo patient and its SpO2 scale now; undefined for no such patient. */
    async patientScale(patientId: number): Promise<{ isDemo: boolean; spo2Scale: number } | undefined> {
      const [row] = await db
        .select({ isDemo: patients.isDemo, spo2Scale: patients.spo2Scale })
        .from(patients)
        .where(eq(patients.id, patientId));
      return row;
    },

    /** The recorded changes of these patients' SpO2 scales, by patient, oldest first. */
    async scaleChanges(patientIds: readonly number[]): Promise<Map<number, Spo2ScaleChange[]>> {
      const byPatient = new Map<number, Spo2ScaleChange[]>();
      if (patientIds.length === 0) return byPatient;
      const rows = await db
        .select({
          patientId: spo2ScaleChanges.patientId,
          at: spo2ScaleChanges.changedAt,
          from: spo2ScaleChanges.fromScale,
          to: spo2ScaleChanges.toScale,
        })
        .from(spo2ScaleChanges)
        .where(inArray(spo2ScaleChanges.patientId, [...patientIds]))
        .orderBy(asc(spo2ScaleChanges.changedAt), asc(spo2ScaleChanges.id));
      for (const { patientId, ...change } of rows) {
        byPatient.set(patientId, [...(byPatient.get(patientId) ?? []), change]);
      }
      return byPatient;
    },

    async seriesEnds(
      patientIds: readonly number[],
      from: Date,
      to: Date,
      /** The classes of reading to include, for a demo patient or not (those that count). */
      provenances: (isDemo: boolean) => readonly string[],
    ): Promise<SeriesEnds[]> {
      if (patientIds.length === 0) return [];
      const classes = (isDemo: boolean) => `{${provenances(isDemo).join(',')}}`;
      // The readings of patient p that count, in the window (written out: it is repeated per end).
      const inWindow = sql`r.patient_id = p.id
        and r.reading_time >= ${from.toISOString()} and r.reading_time <= ${to.toISOString()}
        and r.provenance = any(case when p.is_demo then ${classes(true)}::text[] else ${classes(false)}::text[] end)
        and r.status = 'valid'`;
      const anyVital = sql.raw(`(${VITAL_COLUMNS.map((c) => `r."${c}" is not null`).join(' or ')})`);
      const latestOf = (column: string) =>
        sql`${column}::text, (select r.${sql.raw(`"${column}"`)} from vital_readings r
          where ${inWindow} and r.${sql.raw(`"${column}"`)} is not null
          order by r.reading_time desc, r.id desc limit 1)`;
      const result = await db.execute(sql`
        select p.id as patient_id, p.spo2_scale,
          (select count(*) from (select 1 from vital_readings r where ${inWindow} and ${anyVital} limit 2) n) as scored,
          (select row_to_json(r) from vital_readings r where ${inWindow} and ${anyVital}
            order by r.reading_time, r.id limit 1) as first,
          json_build_object(${sql.join(VITAL_COLUMNS.map(latestOf), sql`, `)},
            'reading_time', (select r.reading_time from vital_readings r where ${inWindow} and ${anyVital}
              order by r.reading_time desc, r.id desc limit 1)) as latest
        from ${patientRecords('p')}
        where p.id in (${sql.join(
          patientIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      const { rows } = result as unknown as {
        rows: {
          patient_id: number;
          spo2_scale: number;
          scored: number | string;
          first: Record<string, unknown> | null;
          latest: Record<string, unknown>;
        }[];
      };
      return rows.map((row) => ({
        patientId: row.patient_id,
        spo2Scale: row.spo2_scale,
        scored: Number(row.scored),
        first: row.first ? toReadingRow(row.first) : null,
        latest: toReadingRow(row.latest),
      }));
    },
  };
}

export type TrendRepository = ReturnType<typeof createTrendRepository>;
