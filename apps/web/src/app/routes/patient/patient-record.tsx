import type { Patient } from '@vigil/domain';
import { useEffect } from 'react';
import { AnalysisCard } from '@/features/analysis/components/analysis-card.tsx';
import { VitalSignsMonitorCard } from '@/features/analysis/components/vital-signs-monitor-card.tsx';
import { shouldShowMonitor } from '@/features/analysis/lib/monitor-rules.ts';
import { FloatingWidgets } from '@/features/care/components/floating-widgets.tsx';
import { NotesCard } from '@/features/care/components/notes-card.tsx';
import { TreatmentScheduleCard } from '@/features/care/components/treatment-schedule-card.tsx';
import { PatientHeader } from '@/features/patients/components/patient-header.tsx';
import { TimelineCard } from '@/features/patients/components/timeline-card.tsx';
import { VitalCards } from '@/features/patients/components/vital-cards.tsx';
import { VitalsFreshness } from '@/features/patients/components/vitals-freshness.tsx';
import { useVitalsStaleness } from '@/features/patients/hooks/use-vitals-staleness.ts';
import { RecordObservationsDialog } from '@/features/readings/components/record-observations-dialog.tsx';
import { VitalsTrendCard } from '@/features/readings/components/vitals-trend-card.tsx';

/** The vital-signs monitor, marked stale by the patients feature's rule when the vitals are overdue. */
function MonitorCard({ patient }: { patient: Patient }) {
  const staleness = useVitalsStaleness(patient);
  return (
    <VitalSignsMonitorCard
      patient={patient}
      isStale={staleness.isStale}
      freshness={<VitalsFreshness staleness={staleness} />}
    />
  );
}

/** The loaded patient detail page: header, vitals, then the clinical cards in two columns on wide screens. */
export function PatientRecord({ patient }: { patient: Patient }) {
  useEffect(() => {
    document.title = `${patient.name} · Vigil`;
    return () => {
      document.title = 'Vigil';
    };
  }, [patient.name]);

  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <PatientHeader patient={patient} actions={<RecordObservationsDialog patient={patient} />} />
      <VitalCards patient={patient} />
      <VitalsTrendCard patient={patient} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {shouldShowMonitor(patient) && <MonitorCard patient={patient} />}
          <AnalysisCard patient={patient} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <TreatmentScheduleCard patientId={patient.id} />
          <NotesCard patientId={patient.id} />
          <TimelineCard patientId={patient.id} />
        </div>
      </div>
      <FloatingWidgets patientId={patient.id} />
    </div>
  );
}
