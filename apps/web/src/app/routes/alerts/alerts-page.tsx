import { useQuery } from '@tanstack/react-query';
import { AlertSettingsCard } from '@/features/alerts/components/alert-settings-card.tsx';
import { AlertStatsCard } from '@/features/alerts/components/alert-stats-card.tsx';
import { AlertsOverview } from '@/features/alerts/components/alerts-overview.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { useMyPatientIds } from '@/features/ward/api/assignments.ts';
import { WardPicker } from '@/features/wards/components/ward-picker.tsx';
import { useWardParam } from '@/features/wards/hooks/use-ward-param.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { accountWardsQueryOptions } from '@/lib/account-wards.ts';

/** The ward's alerts, named by the patient list (the two features meet here, on the screen). */
function WardAlerts({
  canAcknowledge,
  userId,
  ward,
}: {
  canAcknowledge: boolean;
  userId: number | null;
  ward: number | undefined;
}) {
  const patients = useQuery(getPatientsQueryOptions());
  // The person's own patients this shift first: their alerts are theirs to answer.
  const mine = useMyPatientIds(userId).ids;
  return <AlertsOverview canAcknowledge={canAcknowledge} patients={patients.data} mine={mine} ward={ward} />;
}

/**
 * /alerts: the ward's alerts, active and past, with filters; its alarm-fatigue figures; the alert
 * settings (a ward manager changes them). Decision 021. A person of several wards picks one
 * (`?ward=`, decision 035): its alerts and its deadlines.
 */
export function AlertsPage() {
  const { can, user } = useAuth();
  const [ward, setWard] = useWardParam();
  useDocumentTitle('Alerts');
  // The deadlines are one ward's: the one picked, else her first (the server's default), named when
  // she has several.
  const myWards = useQuery(accountWardsQueryOptions).data;
  const settingsWard =
    myWards && myWards.length > 1 ? (myWards.find((w) => w.id === ward) ?? myWards[0]) : undefined;
  const settingsWardLabel = settingsWard && `${settingsWard.name} (${settingsWard.code})`;
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight md:text-3xl">Alerts</h1>
        <WardPicker ward={ward} onChange={setWard} allLabel="All my wards" />
      </div>
      <WardAlerts canAcknowledge={can('alerts:acknowledge')} userId={user?.id ?? null} ward={ward} />
      <AlertStatsCard />
      <AlertSettingsCard canConfigure={can('alerts:configure')} ward={ward} wardLabel={settingsWardLabel} />
    </div>
  );
}
