import type { WardFigures as Figures } from '@vigil/domain';
import { Link } from 'wouter';
import { cn } from '@/lib/utils.ts';
import type { BoardView } from '../lib/board-view.ts';

function Figure({
  label,
  value,
  isWarning = false,
}: {
  label: string;
  value: string | number;
  isWarning?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col rounded-lg border bg-card px-3 py-2',
        isWarning &&
          'border-red-400 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
      )}
    >
      <dt className="text-xs">{label}</dt>
      <dd className="font-semibold text-2xl tabular-nums">{value}</dd>
    </div>
  );
}

/** The ward's figures at the top of the board (the server counts them). */
export function WardFigures({ figures, highest }: { figures: Figures; highest: BoardView['highestScores'] }) {
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-ward-figures="">
        <Figure label="Patients" value={figures.patients} />
        <Figure label="Free beds" value={figures.freeBeds} />
        <Figure
          label="Overdue observations"
          value={figures.overdueObservations}
          isWarning={figures.overdueObservations > 0}
        />
        <Figure label="Open alerts" value={figures.openAlerts} isWarning={figures.openAlerts > 0} />
        <Figure label="Handovers awaiting acceptance" value={figures.unacceptedHandovers} />
        <Figure
          label="Handovers flagged"
          value={figures.flaggedHandovers}
          isWarning={figures.flaggedHandovers > 0}
        />
      </dl>
      {highest.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-medium">Highest NEWS2:</span>
          {highest.map((s) => (
            <Link key={s.patientId} href={`/patient/${s.patientId}`} className="text-primary underline">
              {s.patient?.name ?? `Patient ${s.patientId}`} {s.score}
            </Link>
          ))}
        </p>
      )}
    </div>
  );
}
