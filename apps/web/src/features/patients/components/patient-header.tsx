import { displayPatientId, type Patient } from '@vigil/domain';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DemoPatientBadge } from '@/components/provenance/demo-patient-badge.tsx';
import { DeviceLostNotice } from '@/components/provenance/device-lost-notice.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { formatAge, formatDateTime } from '@/lib/date-time.ts';
import { news2CriticalMark, patientConditionReview } from '../lib/condition-review.ts';
import { ConditionBadge } from './condition-badge.tsx';
import { EditPatientDialog } from './edit-patient-dialog.tsx';

/**
 * Name, display ID, condition badge, last update, and the actions: the screen's (record observations)
 * before this feature's edit dialog (spec point 2, "Header"). A demo patient says so beside the name;
 * a device the server marks lost says "Device lost at HH:MM" under it.
 */
export function PatientHeader({ patient, actions }: { patient: Patient; actions?: ReactNode }) {
  const now = new Date(useNow());
  const isCritical = patient.condition === 'Critical';
  const review = patientConditionReview(patient);
  const mark = news2CriticalMark(patient);

  return (
    <header className="flex flex-col gap-3">
      <Link
        href="/"
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Patient Dashboard
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="break-words font-semibold text-2xl tracking-tight md:text-3xl">{patient.name}</h1>
            {/* The shared badge's solid green is below 4.5:1 with white text; darken it here. */}
            <ConditionBadge condition={patient.condition} />
            {patient.isDemo && <DemoPatientBadge />}
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <span>
              Patient ID:{' '}
              <span className="font-medium text-foreground tabular-nums">{displayPatientId(patient.id)}</span>
            </span>
            <span>
              Updated {formatDateTime(patient.lastUpdated)} ({formatAge(patient.lastUpdated, now)})
            </span>
          </p>
          {review && (
            <div
              data-condition-review=""
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-orange-500 bg-orange-50 px-3 py-2 text-orange-950 text-sm dark:bg-orange-950 dark:text-orange-100"
            >
              <p className="flex items-start gap-2 font-medium">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {review}
              </p>
              <EditPatientDialog
                patient={patient}
                trigger={
                  <Button variant="outline" size="sm" className="bg-background">
                    Review condition
                  </Button>
                }
              />
            </div>
          )}
          <DeviceLostNotice devices={patient.devices} className="self-start" />
          {mark && (
            <p
              data-news2-critical=""
              className="flex items-center gap-2 font-medium text-red-700 text-sm dark:text-red-400"
            >
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {mark}
            </p>
          )}
          {isCritical && (
            <p className="flex items-center gap-2 font-medium text-red-700 text-sm dark:text-red-400">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              Requires immediate attention - Check vital signs
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {actions}
          <EditPatientDialog patient={patient} />
        </div>
      </div>
    </header>
  );
}
