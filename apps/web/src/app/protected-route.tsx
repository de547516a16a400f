import type { ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';

type ProtectedRouteProps = {
  path: string;
  component: ComponentType;
};

/**
 * A route for signed-in users: a spinner while the session loads, then the screen, or a redirect
 * to /auth when nobody is signed in. Use inside a wouter `<Switch>` like a `<Route>`.
 */
export function ProtectedRoute({ path, component: Component }: ProtectedRouteProps) {
  const { user, isLoading } = useAuth();

  return (
    <Route path={path}>
      {isLoading ? <FullPageSpinner /> : user ? <Component /> : <Redirect to="/auth" replace />}
    </Route>
  );
}
