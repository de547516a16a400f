import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { getPatientQueryOptions } from '@/features/patients/api/get-patient.ts';
import { PatientLoadError, PatientNotFound } from '@/features/patients/components/patient-page-states.tsx';
import { parsePatientId } from '@/features/patients/lib/patient-id.ts';
import { HttpError } from '@/lib/api-client.ts';
import { PatientRecord } from './patient-record.tsx';

/** `/patient/{id}`: the patient detail page (spec point 2). */
export function PatientPage() {
  const params = useParams<{ id: string }>();
  const id = parsePatientId(params.id);
  if (id === null) return <PatientNotFound />;
  // Keyed so that moving to another patient starts fresh (forms, alert history of the monitor).
  return <PatientLoader key={id} id={id} />;
}

function PatientLoader({ id }: { id: number }) {
  const { data: patient, error } = useQuery(getPatientQueryOptions(id));
  // Data first: a failed background refetch must not hide a record that is on screen.
  if (patient) return <PatientRecord patient={patient} />;
  if (error)
    return error instanceof HttpError && error.status === 404 ? <PatientNotFound /> : <PatientLoadError />;
  return <FullPageSpinner label="Loading patient data" />;
}
