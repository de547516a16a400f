import { ClipboardList } from 'lucide-react';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { useTreatments } from '../api/get-treatments.ts';
import { AddTreatmentForm } from './add-treatment-form.tsx';
import { TreatmentRow } from './treatment-row.tsx';

/** Treatment Schedule (spec point 2): rows by scheduled time, completion toggles, and a form to add one. */
export function TreatmentScheduleCard({ patientId }: { patientId: number }) {
  const { data: treatments, error } = useTreatments(patientId);
  const now = new Date(useNow());

  return (
    <Card role="region" aria-labelledby="treatments-heading">
      <CardHeader>
        <CardTitle id="treatments-heading" className="flex items-center gap-2">
          <ClipboardList className="size-5 text-primary" aria-hidden="true" />
          Treatment Schedule
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {treatments && error && <CardStale what="treatments" error={error} />}
        {treatments ? (
          treatments.length > 0 ? (
            <ul className="divide-y">
              {treatments.map((t) => (
                <TreatmentRow key={t.id} treatment={t} patientId={patientId} now={now} />
              ))}
            </ul>
          ) : (
            <p className="py-2 text-muted-foreground text-sm">No treatments scheduled.</p>
          )
        ) : error ? (
          <CardError what="treatments" error={error} />
        ) : (
          <CardLoading label="Loading treatments" />
        )}
        <AddTreatmentForm patientId={patientId} />
      </CardContent>
    </Card>
  );
}
