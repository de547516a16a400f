import { AlertSettingsCard } from '@/features/alerts/components/alert-settings-card.tsx';
import { AlertStatsCard } from '@/features/alerts/components/alert-stats-card.tsx';
import { AlertsOverview } from '@/features/alerts/components/alerts-overview.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/**
 * /alerts: the ward's alerts, active and past, with filters; its alarm-fatigue figures;
 * the alert settings (a ward manager changes them).
 */
export function AlertsPage() {
  const { can, user } = useAuth();
  useDocumentTitle('Alerts');
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <h1 className="font-semibold text-2xl tracking-tight md:text-3xl">Alerts</h1>
      <AlertsOverview canAcknowledge={can('alerts:acknowledge')} userId={user?.id ?? null} />
      <AlertStatsCard />
      <AlertSettingsCard canConfigure={can('alerts:configure')} />
    </div>
  );
}
