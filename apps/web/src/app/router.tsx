import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { AuthProvider } from '@/features/auth/hooks/use-auth.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { ProtectedRoute } from './protected-route.tsx';

// Each page is its own chunk, so the first screen only downloads what it shows.
const AuthPage = lazy(() =>
  import('@/features/auth/components/auth-page.tsx').then((m) => ({ default: m.AuthPage })),
);
const DashboardPage = lazy(() =>
  import('./routes/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const PatientPage = lazy(() =>
  import('./routes/patient/patient-page.tsx').then((m) => ({ default: m.PatientPage })),
);
const BluetoothManagerPage = lazy(() =>
  import('./routes/bluetooth-manager/bluetooth-manager-page.tsx').then((m) => ({
    default: m.BluetoothManagerPage,
  })),
);
const OAuthCallbackPage = lazy(() =>
  import('@/features/wearables/components/oauth-callback-page.tsx').then((m) => ({
    default: m.OAuthCallbackPage,
  })),
);
const AccountsAdminPage = lazy(() =>
  import('@/features/auth/components/accounts-admin.tsx').then((m) => ({ default: m.AccountsAdmin })),
);
const AccountPage = lazy(() =>
  import('@/features/auth/components/account-settings.tsx').then((m) => ({ default: m.AccountSettings })),
);
const AuditPage = lazy(() => import('./routes/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })));
const PatientAccessPage = lazy(() =>
  import('./routes/audit/patient-access-page.tsx').then((m) => ({ default: m.PatientAccessPage })),
);
const NotFoundPage = lazy(() =>
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
                <ProtectedRoute path="/" component={DashboardPage} permission="patients:read" />
                <ProtectedRoute path="/patient/:id" component={PatientPage} permission="patients:read" />
                <ProtectedRoute
                  path="/bluetooth-manager"
                  component={BluetoothManagerPage}
                  permission="devices:manage"
                />
                <ProtectedRoute path="/admin" component={AccountsAdminPage} permission="users:manage" />
                <ProtectedRoute path="/account" component={AccountPage} />
                <ProtectedRoute path="/audit" component={AuditPage} permission="audit:read" />
                <ProtectedRoute
                  path="/audit/patient/:id"
                  component={PatientAccessPage}
                  permission="audit:read"
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
