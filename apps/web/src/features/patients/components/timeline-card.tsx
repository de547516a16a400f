import type { TimelineEntry } from '@vigil/domain';
import { Activity, CircleCheck, HeartPulse, History, LogIn, NotebookPen } from 'lucide-react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { useTimeline } from '../api/get-timeline.ts';

const ICONS: Record<TimelineEntry['type'], typeof History> = {
  admitted: LogIn,
  'condition-changed': Activity,
  'vitals-updated': HeartPulse,
  note: NotebookPen,
  'treatment-completed': CircleCheck,
};

/** Patient History Timeline (spec point 2): newest first, each entry with an icon on a vertical line. */
export function TimelineCard({ patientId }: { patientId: number }) {
  const { data: entries, error } = useTimeline(patientId);

  return (
    <Card role="region" aria-labelledby="timeline-heading">
      <CardHeader>
        <CardTitle id="timeline-heading" className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          Patient History Timeline
        </CardTitle>
      </CardHeader>
      <CardContent>
        {entries ? (
          entries.length > 0 ? (
            <ol className="relative flex flex-col gap-5 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border">
              {entries.map((entry) => {
                const Icon = ICONS[entry.type];
                return (
                  <li key={entry.id} className="relative flex gap-3">
                    <span className="z-10 flex size-8 shrink-0 items-center justify-center rounded-full border bg-card text-primary">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <div className="flex min-w-0 flex-col gap-0.5 pt-1">
                      <time dateTime={entry.date} className="text-muted-foreground text-xs">
                        {formatDateTime(entry.date)}
                      </time>
                      <h3 className="font-medium text-sm">{entry.title}</h3>
                      <p className="break-words text-muted-foreground text-sm">{entry.description}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="text-muted-foreground text-sm">No history yet.</p>
          )
        ) : error ? (
          <CardError what="the history" error={error} />
        ) : (
          <CardLoading label="Loading history" />
        )}
      </CardContent>
    </Card>
  );
}
