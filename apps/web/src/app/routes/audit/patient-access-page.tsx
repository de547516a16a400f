import { useParams } from 'wouter';
import { PatientAccessLog } from '@/features/audit/components/patient-access-log.tsx';
import { PatientNotFound } from '@/features/patients/components/patient-page-states.tsx';
import { parsePatientId } from '@/features/patients/lib/patient-id.ts';

/** /audit/patient/{id}: who has seen this patient's record. */
export function PatientAccessPage() {
  const id = parsePatientId(useParams<{ id: string }>().id ?? '');
  if (id === null) return <PatientNotFound />;
  return <PatientAccessLog patientId={id} />;
}
