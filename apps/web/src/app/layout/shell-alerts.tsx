import { useQuery } from '@tanstack/react-query';
import { AlertAlarms, AlertBar, AlertBarButton } from '@/features/alerts/components/alert-bar.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { useMyPatientIds } from '@/features/ward/api/assignments.ts';

// The shell composes the alerts with the patient list that names each alert's patient; each part
// subscribes to the list itself, so a live change of a patient re-renders the bar, not the shell.

const usePatients = () => useQuery(getPatientsQueryOptions()).data;
/** The patients assigned to this person this shift (their alerts come first). */
const useMine = (userId: number) => useMyPatientIds(userId).ids ?? undefined;

interface ShellAlertProps {
  canAcknowledge: boolean;
  userId: number;
}

export function ShellAlertBar({ canAcknowledge, userId }: ShellAlertProps) {
  return <AlertBar canAcknowledge={canAcknowledge} patients={usePatients()} mine={useMine(userId)} />;
}

export function ShellAlertBarButton({ canAcknowledge, userId }: ShellAlertProps) {
  return <AlertBarButton canAcknowledge={canAcknowledge} patients={usePatients()} mine={useMine(userId)} />;
}

/** The alarms: an escalation to the person's role is announced on their screens. */
export function ShellAlertAlarms({ role }: { role: string }) {
  return <AlertAlarms patients={usePatients()} role={role} />;
}
