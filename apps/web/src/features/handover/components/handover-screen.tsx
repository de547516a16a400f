import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardLoading, CardReadProblem } from '@/components/card-states/card-states.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { patientLabelOf } from '@/lib/patient-label.ts';
import { getHandoverOverviewQueryOptions } from '../api/handover.ts';
import { AcceptHandoverForm } from './accept-handover-form.tsx';
import { GiveHandoverForm } from './give-handover-form.tsx';

/**
 * `/handover`: the outgoing nurse's patients with their pre-filled I-PASS handovers, and the
 * handovers awaiting the caller's acceptance; those past the handover window are flagged (the nurse
 * in charge sees every flagged one).
 */
export function HandoverScreen({
  patients,
  ward,
  picker,
}: {
  /** The ward's patients (the screen's), to name each handover's patient by. */
  patients: readonly Patient[] | undefined;
  /** The ward handed over (`?ward=`); undefined: the person's first. */
  ward?: number;
  /** The ward picker, for a person of several wards (the page's). */
  picker?: ReactNode;
}) {
  const overview = useQuery(getHandoverOverviewQueryOptions(ward));
  const data = overview.data;
  const flagged = data?.incoming.filter((h) => h.flagged) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-semibold text-2xl tracking-tight">Handover</h1>
          {picker}
        </div>
        {data && (
          <p className="text-muted-foreground text-sm">
            Into the {data.shift.name} shift from {formatDateTime(data.shift.startsAt)}; accept by{' '}
            {formatDateTime(data.shift.handoverEndsAt)}.
          </p>
        )}
      </div>
      {overview.isPending && <CardLoading label="Loading the handover" />}
      <CardReadProblem what="the handover" error={overview.error} hasData={data !== undefined} />
      {flagged.length > 0 && (
        <p
          role="status"
          data-flagged-count={flagged.length}
          className="flex items-start gap-2 rounded-md border border-red-400 bg-red-50 p-3 font-medium text-red-950 text-sm dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {flagged.length === 1 ? '1 patient was' : `${flagged.length} patients were`} not accepted by the end
          of the handover window: {flagged.map((h) => patientLabelOf(patients, h.patientId)).join(', ')}.
        </p>
      )}
      {data && (
        <section aria-labelledby="handover-incoming" className="flex flex-col gap-3">
          <h2 id="handover-incoming" className="font-semibold text-lg">
            To accept ({data.incoming.length})
          </h2>
          {data.incoming.length === 0 ? (
            <p className="text-muted-foreground text-sm">No handovers are waiting for you.</p>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.incoming.map((handover) => (
                <AcceptHandoverForm
                  key={handover.id}
                  handover={handover}
                  patientName={patientLabelOf(patients, handover.patientId)}
                />
              ))}
            </ul>
          )}
        </section>
      )}
      {data && (
        <section aria-labelledby="handover-outgoing" className="flex flex-col gap-3">
          <h2 id="handover-outgoing" className="font-semibold text-lg">
            To hand over ({data.outgoing.length})
          </h2>
          {data.outgoing.length === 0 ? (
            <p className="text-muted-foreground text-sm">You have no patients left to hand over.</p>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.outgoing.map((draft) => (
                <GiveHandoverForm
                  key={draft.patientId}
                  draft={draft}
                  patientName={patientLabelOf(patients, draft.patientId)}
                />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
