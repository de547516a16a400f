import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { getPatientQueryOptions } from '@/features/patients/api/get-patient.ts';
import { PatientLoadError, PatientNotFound } from '@/features/patients/components/patient-page-states.tsx';
import { parsePatientId } from '@/features/patients/lib/patient-id.ts';
import { ObservationChart } from '@/features/readings/components/observation-chart.tsx';
import { parseChartWindow } from '@/features/readings/lib/chart-columns.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { HttpError } from '@/lib/api-client.ts';
import { patientLabel } from '@/lib/patient-label.ts';

/** `/patient/{id}/chart?hours=24|72`: the printable RCP NEWS2 observation chart. */
export function ObservationChartPage() {
  const params = useParams<{ id: string }>();
  const id = parsePatientId(params.id);
  const hours = parseChartWindow(useSearch());
  const { data: patient, error } = useQuery({ ...getPatientQueryOptions(id ?? 0), enabled: id !== null });
  useDocumentTitle(patient ? `${patientLabel(patient)} · Observation chart` : 'Observation chart');
  if (id === null) return <PatientNotFound />;
  if (patient) return <ObservationChart patient={patient} hours={hours} />;
  if (error)
    return error instanceof HttpError && error.status === 404 ? <PatientNotFound /> : <PatientLoadError />;
  return <FullPageSpinner label="Loading patient data" />;
}
