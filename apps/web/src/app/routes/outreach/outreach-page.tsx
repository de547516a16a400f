import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { getOutreachQueryOptions } from '@/features/wards/api/wards.ts';
import { OutreachTable } from '@/features/wards/components/outreach-table.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { formatDateTime } from '@/lib/date-time.ts';

/**
 * `/outreach`: the critical-care outreach team's list of every ward's patients at risk (NEWS2 ≥ 5, a
 * red score, or rising by 2 or more over 6 hours; decision 035), live, and printable for the round.
 */
export function OutreachPage() {
  useDocumentTitle('Outreach');
  const outreach = useQuery(getOutreachQueryOptions());
  const count = outreach.data?.length ?? 0;
  return (
    <div className="outreach-round print-alone mx-auto flex w-full max-w-[1600px] flex-col gap-4 p-4 md:p-6 lg:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">Outreach: patients at risk</h1>
          <p className="text-muted-foreground text-sm">
            Every ward: NEWS2 5 or more, a red score, or NEWS2 rising by 2 or more in 6 hours. Overdue
            observations first, then the highest NEWS2.
          </p>
          <p className="outreach-print-only text-sm">
            Printed {formatDateTime(Date.now())}
            {outreach.data ? ` · ${count} patient${count === 1 ? '' : 's'}` : ''}
          </p>
        </div>
        <Button
          variant="outline"
          className="outreach-no-print"
          disabled={!outreach.data}
          onClick={() => window.print()}
        >
          <Printer aria-hidden="true" />
          Print for the round
        </Button>
      </header>
      {outreach.isError && !outreach.data ? (
        <div className="flex flex-col items-start gap-2">
          <CardError what="the outreach list" error={outreach.error} />
          <Button variant="outline" size="sm" onClick={() => void outreach.refetch()}>
            Try again
          </Button>
        </div>
      ) : outreach.isPending ? (
        <CardLoading label="Loading the patients at risk" />
      ) : (
        <>
          {outreach.isError && (
            <p role="alert" className="text-destructive text-sm">
              Could not refresh the list; showing the last one loaded.
            </p>
          )}
          <p role="status" className="outreach-no-print text-muted-foreground text-sm">
            {count === 0
              ? 'No patient on any ward is at risk now.'
              : `${count} patient${count === 1 ? '' : 's'} at risk`}
          </p>
          {count > 0 && <OutreachTable patients={outreach.data} />}
        </>
      )}
    </div>
  );
}
