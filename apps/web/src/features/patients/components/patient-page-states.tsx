import { ArrowLeft, CircleAlert, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';

function PageMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 p-6">
          <div className="flex items-center gap-3">
            {icon}
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          </div>
          <p className="text-muted-foreground text-sm">{children}</p>
          <Button asChild variant="outline" className="self-start">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Return to Dashboard
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** Spec point 2: the patient does not exist (or the address holds no patient id). */
export function PatientNotFound() {
  return (
    <PageMessage
      icon={<SearchX className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />}
      title="Patient not found"
    >
      The requested patient could not be found.
    </PageMessage>
  );
}

/** Spec point 2: the patient could not be loaded (server or network failure). */
export function PatientLoadError() {
  return (
    <PageMessage
      icon={<CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />}
      title="Error loading patient data"
    >
      Please try refreshing the page or contact support if the issue persists.
    </PageMessage>
  );
}
