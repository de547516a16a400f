import { useQuery } from '@tanstack/react-query';
import { displayPatientId, RECORD_OPENING_WINDOW_MS } from '@vigil/domain';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { getAuditEventsQueryOptions } from '../api/audit.ts';
import { AuditTable } from './audit-table.tsx';

/** A patient's "who has seen this record": every opening of the record, newest first. */
export function PatientAccessLog({ patientId }: { patientId: number }) {
  const {
    data: events,
    error,
    isLoading,
  } = useQuery(getAuditEventsQueryOptions({ patientId, action: 'read', limit: 500 }));
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-6">
      <h1 className="font-bold text-2xl tracking-tight">Who has seen this record</h1>
      <Card>
        <CardHeader>
          <CardTitle>Patient ID {displayPatientId(patientId)}</CardTitle>
          <p className="text-muted-foreground text-sm">
            Every opening of the record, newest first. A person who keeps the record open, or opens it again
            within {RECORD_OPENING_WINDOW_MS / 60_000} minutes, is listed once.
          </p>
        </CardHeader>
        <CardContent>
          {isLoading && <CardLoading label="Loading who has seen this record" />}
          {error && <CardError what="the record's access log" error={error} />}
          {events && events.length === 0 && (
            <p className="text-muted-foreground text-sm">Nobody has opened this record yet.</p>
          )}
          {events && events.length > 0 && (
            <AuditTable events={events} caption={`Openings of patient ${patientId}'s record`} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
