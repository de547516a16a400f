import type { TimelineEntry } from '@vigil/domain';
import {
  Activity,
  ArrowBigUp,
  BedDouble,
  BellRing,
  Bluetooth,
  BluetoothOff,
  CheckCheck,
  CircleCheck,
  ClipboardList,
  ClipboardX,
  Gauge,
  Handshake,
  HeartPulse,
  History,
  LogIn,
  LogOut,
  MoveRight,
  NotebookPen,
  Pill,
  Syringe,
  Unplug,
} from 'lucide-react';
import { useState } from 'react';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import { useTimeline } from '../api/get-timeline.ts';
import { news2BandTone, news2Label, TONE_BADGE_CLASSES } from '../lib/clinical-tone.ts';
import {
  authorOf,
  TIMELINE_FILTERS,
  type TimelineFilter,
  timelineCounts,
  timelineShown,
} from '../lib/timeline.ts';

const ICONS: Record<TimelineEntry['type'], typeof History> = {
  admitted: LogIn,
  'condition-changed': Activity,
  'spo2-scale-changed': Gauge,
  'bed-assigned': BedDouble,
  'bed-moved': MoveRight,
  transferred: MoveRight,
  discharged: LogOut,
  observations: ClipboardList,
  'observations-entered-in-error': ClipboardX,
  'vitals-updated': HeartPulse,
  'alert-raised': BellRing,
  'alert-acknowledged': CheckCheck,
  'alert-escalated': ArrowBigUp,
  'alert-resolved': CircleCheck,
  note: NotebookPen,
  'treatment-completed': Syringe,
  'medication-added': Pill,
  'medication-changed': Pill,
  'medication-removed': Pill,
  'device-linked': Bluetooth,
  'device-lost': BluetoothOff,
  'device-unlinked': Unplug,
  'handover-given': Handshake,
  'handover-accepted': Handshake,
};

/** Entries shown at first, and added by each "Show more". */
const PAGE = 30;

function Entry({ entry }: { entry: TimelineEntry }) {
  const Icon = ICONS[entry.type];
  const isError = entry.type === 'observations-entered-in-error';
  const author = authorOf(entry);
  return (
    <li data-timeline-type={entry.type} className="relative flex gap-3">
      <span
        className={cn(
          'z-10 flex size-8 shrink-0 items-center justify-center rounded-full border bg-card text-primary',
          isError && 'border-red-300 text-red-700 dark:text-red-300',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5 pt-1">
        <p className="text-muted-foreground text-xs">
          <time dateTime={entry.date}>{formatDateTime(entry.date)}</time>
          {author && <span> · {author}</span>}
        </p>
        <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-sm">
          <span className={cn(isError && 'line-through decoration-red-700/60')}>{entry.title}</span>
          {entry.news2 && (
            <Badge
              variant="outline"
              data-news2-band={entry.news2.band}
              className={TONE_BADGE_CLASSES[news2BandTone(entry.news2.band)]}
            >
              {news2Label(entry.news2)}
            </Badge>
          )}
          {isError && (
            <Badge variant="outline" className="border-red-400 text-red-800 dark:text-red-200">
              Entered in error
            </Badge>
          )}
        </h3>
        <p className="break-words text-muted-foreground text-sm">{entry.description}</p>
      </div>
    </li>
  );
}

/**
 * Patient History Timeline (spec point 2): every event of the stay, newest first, from the server
 * (observation sets with their NEWS2, alerts and what became of them, treatments given, medications,
 * devices, handovers, beds, discharge), each with who did it; filterable by kind, each entry with an
 * icon on a vertical line. An observation set entered in error is struck through and says who
 * corrected it.
 */
export function TimelineCard({ patientId }: { patientId: number }) {
  const { data: entries, error } = useTimeline(patientId);
  const [filter, setFilter] = useState<TimelineFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const shown = entries ? timelineShown(entries, filter) : [];
  const counts = entries ? timelineCounts(entries) : null;

  return (
    <Card role="region" aria-labelledby="timeline-heading">
      <CardHeader>
        <CardTitle id="timeline-heading" className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          Patient History Timeline
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {entries && error && <CardStale what="the history" error={error} />}
        {entries && counts ? (
          entries.length > 0 ? (
            <>
              <fieldset className="flex flex-wrap gap-1.5">
                <legend className="sr-only">Show in the timeline</legend>
                {TIMELINE_FILTERS.map(({ value, label }) => (
                  <Button
                    key={value}
                    size="sm"
                    variant={filter === value ? 'default' : 'outline'}
                    aria-pressed={filter === value}
                    disabled={value !== 'all' && counts[value] === 0}
                    onClick={() => {
                      setFilter(value);
                      setLimit(PAGE);
                    }}
                    className="h-8 px-2.5"
                  >
                    {label}
                    <span className="text-xs opacity-80">{counts[value]}</span>
                  </Button>
                ))}
              </fieldset>
              <ol
                aria-label="History, newest first"
                className="relative flex flex-col gap-5 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border"
              >
                {shown.slice(0, limit).map((entry) => (
                  <Entry key={entry.id} entry={entry} />
                ))}
              </ol>
              {shown.length > limit && (
                <Button variant="outline" className="self-start" onClick={() => setLimit((n) => n + PAGE)}>
                  Show {Math.min(PAGE, shown.length - limit)} more of {shown.length - limit}
                </Button>
              )}
            </>
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
