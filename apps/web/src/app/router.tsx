import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { AuthProvider } from '@/features/auth/hooks/use-auth.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { AppShell } from './layout/app-shell.tsx';
import { ProtectedRoute } from './protected-route.tsx';

// Each page is its own chunk, so the first screen only downloads what it shows.
const AuthPage = lazyWithRetry(() =>
  import('@/features/auth/components/auth-page.tsx').then((m) => ({ default: m.AuthPage })),
);
/** Also loaded as a signed-in page starts at `/` (early-start.ts), beside the session request. */
export const DashboardPage = lazyWithRetry(() =>
  import('./routes/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const PatientPage = lazyWithRetry(() =>
  import('./routes/patient/patient-page.tsx').then((m) => ({ default: m.PatientPage })),
);
const ObservationChartPage = lazyWithRetry(() =>
  import('./routes/patient/observation-chart-page.tsx').then((m) => ({ default: m.ObservationChartPage })),
);
const WardPage = lazyWithRetry(() =>
  import('./routes/ward/ward-page.tsx').then((m) => ({ default: m.WardPage })),
);
const HandoverPage = lazyWithRetry(() =>
  import('./routes/handover/handover-page.tsx').then((m) => ({ default: m.HandoverPage })),
);
const BluetoothManagerPage = lazyWithRetry(() =>
  import('./routes/bluetooth-manager/bluetooth-manager-page.tsx').then((m) => ({
    default: m.BluetoothManagerPage,
  })),
);
const OAuthCallbackPage = lazyWithRetry(() =>
  import('@/features/wearables/components/oauth-callback-page.tsx').then((m) => ({
    default: m.OAuthCallbackPage,
  })),
);
const AccountsAdminPage = lazyWithRetry(() =>
  import('./routes/admin/admin-page.tsx').then((m) => ({ default: m.AdminPage })),
);
const AccountPage = lazyWithRetry(() =>
  import('@/features/auth/components/account-settings.tsx').then((m) => ({ default: m.AccountSettings })),
);
const AuditPage = lazyWithRetry(() =>
  import('./routes/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);
const PatientAccessPage = lazyWithRetry(() =>
  import('./routes/audit/patient-access-page.tsx').then((m) => ({ default: m.PatientAccessPage })),
);
const AlertsPage = lazyWithRetry(() =>
  import('./routes/alerts/alerts-page.tsx').then((m) => ({ default: m.AlertsPage })),
);
const OutreachPage = lazyWithRetry(() =>
  import('./routes/outreach/outreach-page.tsx').then((m) => ({ default: m.OutreachPage })),
);
const NotFoundPage = lazyWithRetry(() =>
  import('./routes/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

/** Spec point 2, route table. */
export function AppRouter() {
  return (
    <Switch>
      {/* The wearable-provider callback renders without the app shell and makes no call, so it
          sits outside AuthProvider (whose session query would GET /api/user). */}
      <Route path="/oauth/callback">
        <Suspense fallback={<FullPageSpinner />}>
          <OAuthCallbackPage />
        </Suspense>
      </Route>
      <Route>
        <AuthProvider>
          <AppShell>
            <Suspense fallback={<FullPageSpinner />}>
              <Switch>
                <ProtectedRoute
                  path="/"
                  component={DashboardPage}
                  permission={{ needs: 'patients:read', screen: 'the patient dashboard' }}
                />
                <ProtectedRoute
                  path="/patient/:id"
                  component={PatientPage}
                  permission={{ needs: 'patients:read', screen: 'patient records' }}
                />
                <ProtectedRoute
                  path="/patient/:id/chart"
                  component={ObservationChartPage}
                  permission={{ needs: 'patients:read', screen: 'observation charts' }}
                />
                <ProtectedRoute
                  path="/ward"
                  component={WardPage}
                  permission={{ needs: 'patients:read', screen: 'the ward board' }}
                />
                <ProtectedRoute
                  path="/handover"
                  component={HandoverPage}
                  permission={{ needs: 'handover:write', screen: 'the shift handover' }}
                />
                <ProtectedRoute
                  path="/alerts"
                  component={AlertsPage}
                  permission={{ needs: 'patients:read', screen: 'the ward alerts' }}
                />
                <ProtectedRoute
                  path="/outreach"
                  component={OutreachPage}
                  permission={{ needs: 'outreach:read', screen: 'the outreach list' }}
                />
                <ProtectedRoute
                  path="/bluetooth-manager"
                  component={BluetoothManagerPage}
                  permission={{ needs: 'devices:manage', screen: 'the Bluetooth Device Manager' }}
                />
                <ProtectedRoute
                  path="/admin"
                  component={AccountsAdminPage}
                  permission={{ needs: 'users:manage', screen: 'account administration' }}
                />
                <ProtectedRoute path="/account" component={AccountPage} />
                <ProtectedRoute
                  path="/audit"
                  component={AuditPage}
                  permission={{ needs: 'audit:read', screen: 'the audit trail' }}
                />
                <ProtectedRoute
                  path="/audit/patient/:id"
                  component={PatientAccessPage}
                  permission={{ needs: 'audit:read', screen: 'who has seen a record' }}
                />
                <Route path="/auth" component={AuthPage} />
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </AppShell>
        </AuthProvider>
      </Route>
    </Switch>
  );
}
