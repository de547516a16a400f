import type { Permission } from '@vigil/domain';
import type { ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { ForcePasswordChange } from '@/features/auth/components/force-password-change.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';

type ProtectedRouteProps = {
  path: string;
  component: ComponentType;
  /** The permission the screen needs; without it the person is sent to their role's home. */
  permission?: Permission;
};

/** Where a signed-in person lands: the ward, or the audit trail for an auditor. */
export function homeOf(permissions: readonly string[]): string {
  if (permissions.includes('patients:read')) return '/';
  if (permissions.includes('audit:read')) return '/audit';
  return '/account';
}

/**
 * A route for signed-in users: a spinner while the session loads, then the screen, or a redirect
 * to /auth when nobody is signed in. Use inside a wouter `<Switch>` like a `<Route>`.
 */
export function ProtectedRoute({ path, component: Component, permission }: ProtectedRouteProps) {
  const { user, isLoading } = useAuth();

  let screen: React.ReactNode;
  if (isLoading) screen = <FullPageSpinner />;
  else if (!user) screen = <Redirect to="/auth" replace />;
  // After an administrator's reset, nothing but choosing a new password.
  else if (user.mustChangePassword) screen = <ForcePasswordChange />;
  else if (permission && !user.permissions.includes(permission)) {
    const home = homeOf(user.permissions);
    screen = home === path ? <Component /> : <Redirect to={home} replace />;
  } else screen = <Component />;
  return <Route path={path}>{screen}</Route>;
}
