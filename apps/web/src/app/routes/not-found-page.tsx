import { CircleAlert } from 'lucide-react';
import { PageMessage } from '@/components/page-message.tsx';

/** Any path the router does not know (spec point 2). */
export function NotFoundPage() {
  return (
    <PageMessage
      icon={<CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />}
      title="404 Page Not Found"
      linkLabel="Back to Dashboard"
    >
      Did you forget to add the page to the router?
    </PageMessage>
  );
}
