import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { type CallbackResult, readCallbackResult } from '../lib/callback-result.ts';

/**
 * `/oauth/callback`: the wearable provider's authorization result, without the app shell. Makes no
 * call: the server's callback route exchanged the code and sent the browser here with the outcome.
 */
export function OAuthCallbackPage() {
  const search = useSearch();
  const [result, setResult] = useState<CallbackResult>({ status: 'loading' });

  useEffect(() => {
    setResult(readCallbackResult(search));
  }, [search]);

  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-5 p-8 text-center">
          <h1 className="font-semibold text-2xl tracking-tight">WHOOP Authentication</h1>
          <div aria-live="polite" className="flex flex-col items-center gap-3">
            {result.status === 'loading' && (
              <>
                <Spinner />
                <p className="text-muted-foreground">Processing authentication...</p>
              </>
            )}
            {result.status === 'error' && (
              <>
                <CircleAlert className="size-10 text-destructive" aria-hidden="true" />
                <p role="alert" className="font-medium text-destructive">
                  {result.message}
                </p>
                {result.hint && <p className="text-muted-foreground text-sm">{result.hint}</p>}
              </>
            )}
            {result.status === 'success' && (
              <>
                <CircleCheck className="size-10 text-success" aria-hidden="true" />
                <p className="font-medium">{result.message}</p>
              </>
            )}
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button asChild className="w-full sm:w-auto">
              <Link href="/">Return to Dashboard</Link>
            </Button>
            {result.status !== 'loading' && result.patientId !== null && (
              <Button asChild variant="outline" className="w-full sm:w-auto">
                <Link
                  href={`/patient/${result.patientId}${result.status === 'success' ? '?wearable=connected' : ''}`}
                >
                  Return to Patient
                </Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
