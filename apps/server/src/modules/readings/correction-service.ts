import {
  type ReadingCorrection,
  type ReadingCorrectionInput,
  VITAL_SIGN_BY_KEY,
  VITAL_SIGNS,
  type VitalKey,
} from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService } from '../events/service.ts';
import { changeEvents, type FallbackValue, withoutReading } from '../patients/clinical-state.ts';
import { apply } from '../patients/patient-writer.ts';
import { correctionStatements } from './ingest-repository.ts';
import type { IngestReading, IngestService } from './ingest-service.ts';
import { toVitalReading } from './mappers.ts';

/**
 * A person's observation found wrong (decision 029): corrected, never overwritten. The reading is
 * marked entered in error (who, when, why) and leaves the patient's values, NEWS2 and trends but
 * stays in the history; a vital it gave the patient falls back to the latest other value that
 * counts; the right values, when given, are a new reading at the same time through the one ingest
 * path. All in one transaction, audited, and sent to every screen.
 */
export function createCorrectionService(deps: {
  database: Pick<Database, 'transaction'>;
  ingest: Pick<IngestService, 'recordIn'>;
  alerts: Pick<AlertService, 'onPatientChanged'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  audit: Pick<AuditService, 'recordIn'>;
  /** The classes of reading that count as a patient's state, for a demo patient or not. */
  counting: (isDemo: boolean) => readonly string[];
  clock: Clock;
}) {
  const { database, ingest, alerts, liveEvents, audit, clock } = deps;
  return {
    async markEnteredInError(
      patientId: number,
      readingId: number,
      input: ReadingCorrectionInput,
      actor: AuditActor,
    ): Promise<ReadingCorrection> {
      let committed: LiveEventRow[] = [];
      const answer = await database.transaction(async (run): Promise<ReadingCorrection> => {
        const q = correctionStatements(run);
        const before = await q.lockPatient(patientId);
        if (!before) throw notFound('Patient not found', 'PATIENT_NOT_FOUND');
        const reading = await q.lockReading(patientId, readingId);
        if (!reading) throw notFound(`Patient ${patientId} has no reading ${readingId}`, 'READING_NOT_FOUND');
        if (reading.provenance !== 'observation') {
          throw conflict(
            'Only an observation a person entered can be marked entered in error; a device’s readings are its own record (disconnect or relink the device instead)',
            'NOT_AN_OBSERVATION',
          );
        }
        if (reading.status === 'entered-in-error') {
          throw conflict('This reading is already marked entered in error', 'ALREADY_ENTERED_IN_ERROR');
        }
        const now = clock.now();
        const replaced = VITAL_SIGNS.filter((v) => input.correction?.[v.readingField] != null).map(
          (v) => v.key,
        );
        const marked = await q.markEnteredInError(patientId, readingId, actor.userId, now, input.reason);
        const fallbacks = (await q.fallbacks(patientId, deps.counting(before.isDemo))) as Partial<
          Record<VitalKey, FallbackValue>
        >;
        const { after, unresolved } = withoutReading(before, reading, fallbacks, replaced, now.getTime());
        if (unresolved.length > 0) {
          const names = unresolved.map((key) => VITAL_SIGN_BY_KEY[key].plainLabel).join(', ');
          throw conflict(
            `This reading holds the patient's only ${names}: give the corrected value with it`,
            'CORRECTION_NEEDED',
          );
        }
        const events = [
          { type: 'reading' as const, patientId, data: { readings: [toVitalReading(marked)] } },
          ...changeEvents(before, after, now.getTime()),
          ...(await alerts.onPatientChanged(run, before, after, 'observation')),
        ];
        committed = await apply(run, {
          kind: 'observations',
          rows: [after],
          recordWith: (prelude) => liveEvents.record(run, events, prelude),
        });
        let correctionId: number | null = null;
        if (input.correction) {
          const correcting: IngestReading = {
            ...input.correction,
            patientId,
            readingTime: reading.readingTime.toISOString(),
            corrects: readingId,
          };
          const { events: rows, stored } = await ingest.recordIn(run, [correcting], {
            userId: actor.userId,
            sender: 'person',
            device: null,
            audit: actor,
          });
          committed = [...committed, ...rows];
          correctionId = stored.readings[0]!.id;
        }
        await audit.recordIn(run, {
          actor,
          action: 'update',
          entityType: 'Observation',
          entityId: readingId,
          patientId,
          detail: `marked entered in error${correctionId ? `; corrected by reading ${correctionId}` : ''}`,
        });
        return { marked: toVitalReading({ ...marked, correctedByName: actor.username }), correctionId };
      });
      liveEvents.committed(committed);
      return answer;
    },
  };
}

export type CorrectionService = ReturnType<typeof createCorrectionService>;
