import {
  type PatientAdmission,
  type PatientDevice,
  type PatientListQuery,
  type Spo2Scale,
  withUnrecordedVitals,
} from '@vigil/domain';
import { and, asc, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { timelineAlerts } from '../alerts/timeline-reader.ts';
import { people } from '../auth/reader.ts';
import { timelineMedications, timelineNotes, timelineTreatmentsGiven } from '../care/timeline-reader.ts';
import { timelineDeviceLinks } from '../devices/timeline-reader.ts';
import { timelineHandovers } from '../handover/timeline-reader.ts';
import { timelineObservations } from '../readings/timeline-reader.ts';
import { timelineBedMoves } from '../ward/timeline-reader.ts';
import { apply, type PatientPatch } from './patient-writer.ts';
import type { PatientRow } from './reader.ts';
import { patientEvents, patients, spo2ScaleChanges } from './schema.ts';

export type { PatientPatch, PatientRow };

/** Spec point 9: Critical first, then oxygen level descending (id as a stable tie-break). */
const SPEC_ORDER = [
  asc(sql`case when ${patients.condition} = 'Critical' then 0 else 1 end`),
  desc(patients.oxygenLevel),
  asc(patients.id),
];

/** Who did what a timeline entry of this module's tables records. */
const by = people('by');

/**
 * How many of each kind of record a timeline reads, newest first: a long stay's observation sets
 * (hourly for weeks) would otherwise make one answer of thousands of entries.
 */
export const TIMELINE_SOURCE_LIMIT = 500;

/** NEWS2 from which the clinical risk is high (RCP NEWS2 Chart 4). */
const HIGH_NEWS2 = 7;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters of {@link PatientRepository.list}, applied to rows already in ward order (the ward
 * snapshot answers searches from memory): the same condition rule, and the name's case-insensitive
 * substring as ILIKE matches it.
 */
export function matchesListQuery(row: PatientRow, query: PatientListQuery): boolean {
  if (query.condition === 'Critical') {
    if (row.condition !== 'Critical' && (row.news2Total ?? 0) < HIGH_NEWS2) return false;
  } else if (query.condition && row.condition !== query.condition) return false;
  return !query.search || row.name.toLowerCase().includes(query.search.toLowerCase());
}

export function createPatientRepository(db: Db) {
  return {
    async list(query: PatientListQuery): Promise<PatientRow[]> {
      const filters = [
        // The ward's list: a discharged patient has left it (their record stays readable).
        isNull(patients.dischargedAt),
        // Critical includes a patient whose NEWS2 is high (≥ 7, RCP Chart 4) whatever the badge says.
        query.condition === 'Critical'
          ? or(eq(patients.condition, query.condition), gte(patients.news2Total, HIGH_NEWS2))
          : query.condition
            ? eq(patients.condition, query.condition)
            : undefined,
        query.search ? ilike(patients.name, `%${escapeLike(query.search)}%`) : undefined,
      ].filter((f) => f !== undefined);
      return db
        .select()
        .from(patients)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(...SPEC_ORDER);
    },

    async get(id: number): Promise<PatientRow | undefined> {
      const [row] = await db.select().from(patients).where(eq(patients.id, id)).limit(1);
      return row;
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id)).limit(1);
      return row !== undefined;
    },

    async insert(
      input: Omit<PatientAdmission, 'hasVitalWatch' | 'vitalWatchType' | 'vitalWatchConnected'> &
        Pick<PatientRow, 'sources' | 'news2' | 'news2Total' | 'nextObservationDue' | 'wardId'>,
      now: Date,
      userId: number,
      /** Runs in the same transaction with the admitted row (the audit trail). */
      alsoInTransaction: (run: Run, row: PatientRow) => Promise<unknown>,
    ): Promise<PatientRow> {
      return db.transaction(async (tx) => {
        const row = await apply(runOn(tx), {
          kind: 'admission',
          values: { ...withUnrecordedVitals(input), lastUpdated: now, createdAt: now },
        });
        await tx.insert(patientEvents).values({
          patientId: row!.id,
          type: 'admitted',
          data: { condition: input.condition },
          createdAt: now,
          createdBy: userId,
        });
        await alsoInTransaction(runOn(tx), row!);
        return row!;
      });
    },

    /**
     * Applies a change and records what changed, atomically: its events, and a change of the SpO2
     * scale (the locked row's scale to the edited one's) as a row of `spo2_scale_changes` (issue 39).
     */
    async update<T>(
      id: number,
      patch: PatientPatch,
      events: { type: string; data: Record<string, unknown> }[],
      now: Date,
      userId: number | null,
      /** Runs in the same transaction (`run`) with the rows before and after (live events). */
      alsoInTransaction: (run: Run, before: PatientRow, after: PatientRow) => Promise<T>,
    ): Promise<{ row: PatientRow; extra: T } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(patients).where(eq(patients.id, id)).for('update');
        if (!before) return undefined;
        // A change of vitals alone patches nothing here: its reading sets them (decision 029).
        const row =
          Object.keys(patch).length > 0
            ? await apply(runOn(tx), { kind: 'edit', patientId: id, patch })
            : before;
        if (events.length) {
          await tx
            .insert(patientEvents)
            .values(events.map((e) => ({ patientId: id, ...e, createdAt: now, createdBy: userId })));
        }
        // The scale replaced and the scale in force from now, as NEWS2 reads them (anything but 2 is 1).
        const fromScale: Spo2Scale = before.spo2Scale === 2 ? 2 : 1;
        const toScale: Spo2Scale = row!.spo2Scale === 2 ? 2 : 1;
        if (fromScale !== toScale) {
          await tx
            .insert(spo2ScaleChanges)
            .values({ patientId: id, changedAt: now, fromScale, toScale, changedBy: userId });
        }
        return { row: row!, extra: await alsoInTransaction(runOn(tx), before, row!) };
      });
    },

    /** Sets a patient's devices in the caller's transaction; the row as it becomes, or undefined. */
    async setDevices(run: Run, patientId: number, devices: PatientDevice[]): Promise<PatientRow | undefined> {
      return apply(run, { kind: 'devices', patientId, devices });
    },

    /**
     * Everything a patient's timeline shows, each with the name of who did it: the patient's events
     * (admission, condition changes, vitals edits, medication changes), the SpO2 scale's changes, the
     * observation sets people recorded (a reading kept for the record's life; entered in error too),
     * alerts, notes, treatments given, medications, device links, handovers and bed moves.
     */
    async timelineSources(id: number) {
      const limit = TIMELINE_SOURCE_LIMIT;
      const [
        events,
        scaleChanges,
        noteRows,
        done,
        observations,
        alertRows,
        medicationRows,
        links,
        handoverRows,
        moves,
      ] = await Promise.all([
        db
          .select({
            id: patientEvents.id,
            type: patientEvents.type,
            data: patientEvents.data,
            createdAt: patientEvents.createdAt,
            createdByName: by.username,
          })
          .from(patientEvents)
          .leftJoin(by, eq(by.id, patientEvents.createdBy))
          .where(eq(patientEvents.patientId, id))
          .orderBy(desc(patientEvents.createdAt))
          .limit(limit),
        db
          .select({ change: spo2ScaleChanges, byName: by.username })
          .from(spo2ScaleChanges)
          .leftJoin(by, eq(by.id, spo2ScaleChanges.changedBy))
          .where(eq(spo2ScaleChanges.patientId, id))
          .orderBy(desc(spo2ScaleChanges.changedAt), desc(spo2ScaleChanges.id))
          .limit(limit),
        timelineNotes(db, id, limit),
        timelineTreatmentsGiven(db, id, limit),
        timelineObservations(db, id, limit),
        timelineAlerts(db, id, limit),
        timelineMedications(db, id, limit),
        timelineDeviceLinks(db, id, limit),
        timelineHandovers(db, id, limit),
        timelineBedMoves(db, id, limit),
      ]);
      return {
        events,
        scaleChanges,
        notes: noteRows,
        completedTreatments: done,
        observations,
        alerts: alertRows,
        medications: medicationRows,
        deviceLinks: links,
        handovers: handoverRows,
        bedMoves: moves,
      };
    },
  };
}

export type PatientRepository = ReturnType<typeof createPatientRepository>;
