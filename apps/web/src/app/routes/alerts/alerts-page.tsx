import { useQuery } from '@tanstack/react-query';
import { AlertSettingsCard } from '@/features/alerts/components/alert-settings-card.tsx';
import { AlertStatsCard } from '@/features/alerts/components/alert-stats-card.tsx';
import { AlertsOverview } from '@/features/alerts/components/alerts-overview.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { useMyPatientIds } from '@/features/ward/api/assignments.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/** The ward's alerts, named by the patient list (the two features meet here, on the screen). */
function WardAlerts({ canAcknowledge, userId }: { canAcknowledge: boolean; userId: number | null }) {
  const patients = useQuery(getPatientsQueryOptions());
  // The person's own patients this shift first: their alerts are theirs to answer.
  const mine = useMyPatientIds(userId).ids;
  return <AlertsOverview canAcknowledge={canAcknowledge} patients={patients.data} mine={mine} />;
}

/**
 * /alerts: the ward's alerts, active and past, with filters; its alarm-fatigue figures; the alert
 * settings (a ward manager changes them). Decision 021.
 */
export function AlertsPage() {
  const { can, user } = useAuth();
  useDocumentTitle('Alerts');
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <h1 className="font-semibold text-2xl tracking-tight md:text-3xl">Alerts</h1>
      <WardAlerts canAcknowledge={can('alerts:acknowledge')} userId={user?.id ?? null} />
      <AlertStatsCard />
      <AlertSettingsCard canConfigure={can('alerts:configure')} />
    </div>
  );
}
