import { CircleAlert, SearchX } from 'lucide-react';
import { PageMessage } from '@/components/page-message.tsx';

/** Spec point 2: the patient does not exist (or the address holds no patient id). */
export function PatientNotFound() {
  return (
    <PageMessage
      icon={<SearchX className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />}
      title="Patient not found"
      linkLabel="Return to Dashboard"
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
      linkLabel="Return to Dashboard"
    >
      Please try refreshing the page or contact support if the issue persists.
    </PageMessage>
  );
}
