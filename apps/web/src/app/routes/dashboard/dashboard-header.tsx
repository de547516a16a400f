import { LoaderCircle, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';

/** "Patient Dashboard", the greeting and the Logout button (spec point 2). */
export function DashboardHeader() {
  const { user, logoutMutation } = useAuth();
  const isPending = logoutMutation.isPending;

  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="font-semibold text-2xl tracking-tight md:text-3xl">Patient Dashboard</h1>
        <p className="truncate text-muted-foreground">Welcome back, {user?.username}</p>
      </div>
      <Button
        variant="outline"
        className="self-start sm:self-auto"
        disabled={isPending}
        onClick={() => logoutMutation.mutate()}
      >
        {isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <LogOut aria-hidden="true" />
        )}
        {isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </header>
  );
}
