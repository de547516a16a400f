import { useMutation } from '@tanstack/react-query';
import { ROLE_LABELS } from '@vigil/domain';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { signOutEverywhere } from '../api/accounts.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

/** /account: who I am, change my password, sign out my other sessions. */
export function AccountSettings() {
  const { user } = useAuth();
  const signOut = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => toastSuccess('Signed out everywhere else', 'Your other sessions have ended.'),
    onError: (err) => toastError('Could not sign out other sessions', err.message),
  });
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 md:p-6">
      <h1 className="font-bold text-2xl tracking-tight">Your account</h1>
      <Card>
        <CardHeader>
          <CardTitle>{user.username}</CardTitle>
          <CardDescription>Role: {ROLE_LABELS[user.role]}</CardDescription>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Change password</CardTitle>
          <CardDescription>Your other sessions are signed out when you change it.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordChangeForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sign out everywhere</CardTitle>
          <CardDescription>
            Ends your sessions on every other computer and tablet; this one stays.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" />
            Sign out everywhere else
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
