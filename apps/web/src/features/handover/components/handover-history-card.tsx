import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { CardLoading, CardReadProblem } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { getPatientHandoversQueryOptions } from '../api/handover.ts';
import { HandoverSummary } from './handover-summary.tsx';

/** The patient's handovers, newest first: what each shift was told and who accepted it. */
export function HandoverHistoryCard({ patientId }: { patientId: number }) {
  const { data, error, isPending } = useQuery(getPatientHandoversQueryOptions(patientId));
  return (
    <Card role="region" aria-labelledby="handover-history-heading">
      <CardHeader>
        <CardTitle id="handover-history-heading" className="flex items-center gap-2">
          <ClipboardCheck className="size-5 text-primary" aria-hidden="true" />
          Handovers
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending && <CardLoading label="Loading handovers" />}
        <CardReadProblem what="the handovers" error={error} hasData={data !== undefined} />
        {data && data.length === 0 && <p className="text-muted-foreground text-sm">No handovers yet.</p>}
        {data && data.length > 0 && (
          <ol className="flex flex-col gap-4" aria-label="Handover history">
            {data.map((handover) => (
              <li key={handover.id} className="rounded-lg border bg-muted/40 p-3">
                <HandoverSummary handover={handover} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
