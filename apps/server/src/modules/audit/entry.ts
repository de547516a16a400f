import type { AuditAction, AuditOutcome } from '@vigil/domain';
import type { AuditActor } from './context.ts';

/** One thing that happened, as a module reports it: ids only, never names or clinical text. */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  /** FHIR-style resource type: Patient, Note, Treatment, Medication, User, DeviceToken … */
  entityType: string;
  entityId?: string | number | null;
  patientId?: number | null;
  outcome?: AuditOutcome;
  /** A few words or codes about the change ("role nurse → doctor"); never clinical text. */
  detail?: string | null;
}
