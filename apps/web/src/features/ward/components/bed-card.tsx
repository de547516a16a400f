import { type BedTrend, displayPatientId, NEWS2_TREND_WINDOW_H, type Patient } from '@vigil/domain';
import {
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  BedDouble,
  BellRing,
  Bluetooth,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card.tsx';
import { patientLabel } from '@/lib/patient-label.ts';
import { cn } from '@/lib/utils.ts';
import type { BedView } from '../lib/board-view.ts';

/** What the screen draws of a patient on a bed (the patients feature's NEWS2 badge, next observation). */
export type RenderPatientDetails = (patient: Patient) => ReactNode;

const ARROWS = { rising: ArrowUpRight, falling: ArrowDownRight, level: ArrowRight } as const;

/** The direction of the server's NEWS2 over the last hours (the board's), as an arrow with its words. */
function TrendArrow({ trend }: { trend: BedTrend | null }) {
  if (!trend) return null;
  const Arrow = ARROWS[trend.direction];
  return (
    <span
      data-news2-trend={trend.direction}
      className={cn(
        'inline-flex items-center gap-1 text-xs',
        trend.direction === 'rising'
          ? 'font-semibold text-red-700 dark:text-red-400'
          : 'text-muted-foreground',
      )}
    >
      <Arrow className="size-4" aria-hidden="true" />
      NEWS2 {trend.direction} {trend.from}→{trend.to} in {NEWS2_TREND_WINDOW_H} h
    </span>
  );
}

function DeviceState({ patient }: { patient: Patient }) {
  const device = patient.devices[0];
  if (!device) return null;
  return (
    <span
      data-device-state={device.status}
      className={cn(
        'inline-flex items-center gap-1 text-xs',
        device.status === 'lost' ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted-foreground',
      )}
    >
      <Bluetooth className="size-3.5" aria-hidden="true" />
      {device.deviceName ?? 'Device'} {device.status}
    </span>
  );
}

/**
 * A bed on the ward board: free, or its patient with what a nurse across the room needs, and the
 * screen's actions on the bed's patient (move, discharge) for those who may take them.
 */
export function BedCard({
  bed,
  renderDetails,
  actions,
}: {
  bed: BedView;
  renderDetails: RenderPatientDetails;
  actions?: ReactNode;
}) {
  const { patient } = bed;
  return (
    <li>
      <Card
        data-bed={bed.label}
        className={cn('flex h-full flex-col gap-2 p-3', !patient && 'border-dashed bg-muted/40 shadow-none')}
      >
        <div className="flex items-baseline justify-between gap-2">
          <span className="inline-flex items-center gap-1.5 font-semibold text-muted-foreground text-sm">
            <BedDouble className="size-4" aria-hidden="true" />
            Bed {bed.label}
          </span>
          {patient && (
            <span className="text-muted-foreground text-xs tabular-nums">{displayPatientId(patient.id)}</span>
          )}
        </div>
        {patient ? (
          <>
            <Link
              href={`/patient/${patient.id}`}
              className="font-semibold text-base text-primary underline-offset-2 hover:underline"
            >
              {patientLabel(patient)}
            </Link>
            {renderDetails(patient)}
            <TrendArrow trend={bed.trend} />
            <DeviceState patient={patient} />
            {bed.alerts.length > 0 && (
              <ul aria-label={`Open alerts of ${patient.name}`} className="flex flex-col gap-1">
                {bed.alerts.map((alert) => (
                  <li
                    key={alert.id}
                    data-alert-priority={alert.priority}
                    className="flex items-start gap-1.5 rounded-sm border border-red-300 bg-red-50 px-1.5 py-0.5 text-red-950 text-xs dark:border-red-800 dark:bg-red-950 dark:text-red-100"
                  >
                    <BellRing className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    {alert.message}
                  </li>
                ))}
              </ul>
            )}
            <p
              className="mt-auto inline-flex items-center gap-1.5 text-sm"
              data-assigned-nurse={bed.nurse?.name ?? ''}
            >
              <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
              {bed.nurse ? `Nurse: ${bed.nurse.name}` : 'No nurse assigned'}
            </p>
            {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
          </>
        ) : (
          <p className="font-medium text-muted-foreground">Free</p>
        )}
      </Card>
    </li>
  );
}
