import { Card, CardContent } from '@/components/ui/card.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

/** After an administrator reset the password: nothing else until a new one is chosen. */
export function ForcePasswordChange() {
  const { user, logoutMutation } = useAuth();
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 p-6">
          <h1 className="font-bold text-2xl tracking-tight">Choose a new password</h1>
          <p className="text-muted-foreground text-sm">
            Your password was reset by an administrator, {user?.username}. Enter the temporary password you
            were given and choose a new one to continue.
          </p>
          <PasswordChangeForm currentLabel="Temporary password" />
          <button
            type="button"
            className="self-start text-muted-foreground text-sm underline"
            onClick={() => logoutMutation.mutate()}
          >
            Sign out
          </button>
        </CardContent>
      </Card>
    </div>
  );
}
