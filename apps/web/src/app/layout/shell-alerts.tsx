import { useQuery } from '@tanstack/react-query';
import { AlertAlarms, AlertBar, AlertBarButton } from '@/features/alerts/components/alert-bar.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';

// The shell composes the alerts with the patient list that names each alert's patient; each part
// subscribes to the list itself, so a live change of a patient re-renders the bar, not the shell.

const usePatients = () => useQuery(getPatientsQueryOptions()).data;

export function ShellAlertBar({ canAcknowledge }: { canAcknowledge: boolean }) {
  return <AlertBar canAcknowledge={canAcknowledge} patients={usePatients()} />;
}

export function ShellAlertBarButton({ canAcknowledge }: { canAcknowledge: boolean }) {
  return <AlertBarButton canAcknowledge={canAcknowledge} patients={usePatients()} />;
}

export function ShellAlertAlarms() {
  return <AlertAlarms patients={usePatients()} />;
}
