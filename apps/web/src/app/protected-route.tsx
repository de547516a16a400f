import type { Permission } from '@vigil/domain';
import type { ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { ForbiddenPage } from './routes/forbidden-page.tsx';

// Only an account an administrator has just reset sees it: its form code stays out of every page.
const ForcePasswordChange = lazyWithRetry(() =>
  import('@/features/auth/components/force-password-change.tsx').then((m) => ({
    default: m.ForcePasswordChange,
  })),
);

type ProtectedRouteProps = {
  path: string;
  component: ComponentType;
  /**
   * The permission the screen needs, and what the screen is called in "Your role, Nurse, cannot open
   * …" for a person without it.
   */
  permission?: { needs: Permission; screen: string };
};

/**
 * A route for signed-in users: a spinner while the session loads, then the screen, or a redirect
 * to /auth when nobody is signed in. A role without the screen's permission is told so, with a way
 * back. Use inside a wouter `<Switch>` like a `<Route>`.
 */
export function ProtectedRoute({ path, component: Component, permission }: ProtectedRouteProps) {
  const { user, isLoading } = useAuth();

  let screen: React.ReactNode;
  if (isLoading) screen = <FullPageSpinner />;
  else if (!user) screen = <Redirect to="/auth" replace />;
  // After an administrator's reset, nothing but choosing a new password.
  else if (user.mustChangePassword) screen = <ForcePasswordChange />;
  else if (permission && !user.permissions.includes(permission.needs))
    screen = <ForbiddenPage user={user} screen={permission.screen} />;
  else screen = <Component />;
  return <Route path={path}>{screen}</Route>;
}
