import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { getRegistrationQueryOptions } from '../api/accounts.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { homeOf } from '../lib/home.ts';
import { takeSignedOutNotice } from '../lib/signed-out-text.ts';
import { AuthHero } from './auth-hero.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** /auth: sign in or register. A signed-in visitor is sent to where their role starts. */
export function AuthPage() {
  const { user, isLoading } = useAuth();
  useDocumentTitle('Sign in');
  // Registration closed: no Register tab; approval: the tab says an administrator approves.
  const registration = useQuery(getRegistrationQueryOptions()).data?.mode ?? 'open';
  // Why a signed-in screen came here (the session ended under it), said once.
  const [signedOutNotice] = useState(takeSignedOutNotice);

  if (isLoading) return <FullPageSpinner />;
  if (user) return <Redirect to={homeOf(user.permissions).path} replace />;

  return (
    <div className="grid min-h-svh md:grid-cols-2">
      <AuthHero />
      <div className="flex items-start justify-center px-4 py-8 md:items-center md:px-8 md:py-12">
        <Card className="w-full max-w-md">
          <CardContent className="p-6 sm:p-8">
            <Tabs defaultValue="login">
              <TabsList aria-label="Sign in or register">
                <TabsTrigger value="login">Login</TabsTrigger>
                {registration !== 'closed' && <TabsTrigger value="register">Register</TabsTrigger>}
              </TabsList>

              <TabsContent value="login" className="flex flex-col gap-6 pt-2">
                <header className="flex flex-col gap-1">
                  <h2 className="font-semibold text-xl tracking-tight">Welcome back</h2>
                  <p className="text-muted-foreground text-sm">Sign in with your ward account.</p>
                </header>
                {signedOutNotice && (
                  <p
                    role="status"
                    data-signed-out-notice=""
                    className="rounded-md border border-amber-600/50 bg-amber-50 px-3 py-2 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-50"
                  >
                    {signedOutNotice}
                  </p>
                )}
                <LoginForm />
              </TabsContent>

              {registration !== 'closed' && (
                <TabsContent value="register" className="flex flex-col gap-6 pt-2">
                  <header className="flex flex-col gap-1">
                    <h2 className="font-semibold text-xl tracking-tight">Create an account</h2>
                    <p className="text-muted-foreground text-sm">
                      {registration === 'approval'
                        ? 'New accounts are pending approval by an administrator before you can sign in.'
                        : 'You will be signed in straight away.'}
                    </p>
                  </header>
                  <RegisterForm />
                </TabsContent>
              )}
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
