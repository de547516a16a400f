import { LoaderCircle, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';

/** "Patient Dashboard", the greeting and the Logout button (spec point 2). */
export function DashboardHeader() {
  const { user, logoutMutation } = useAuth();
  const isPending = logoutMutation.isPending;

  return (
    // One row at every width: on a phone the title, greeting and Logout take two lines, not four.
    <header className="flex items-start justify-between gap-3 sm:items-center">
      <div className="flex min-w-0 flex-col gap-0.5 sm:gap-1">
        <h1 className="font-semibold text-xl tracking-tight sm:text-2xl md:text-3xl">Patient Dashboard</h1>
        <p className="truncate text-muted-foreground text-sm sm:text-base">Welcome back, {user?.username}</p>
      </div>
      <Button
        variant="outline"
        className="shrink-0"
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
