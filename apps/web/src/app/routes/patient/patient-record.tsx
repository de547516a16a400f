import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { Link } from 'wouter';
import { AnalysisCard } from '@/features/analysis/components/analysis-card.tsx';
import { VitalSignsMonitorCard } from '@/features/analysis/components/vital-signs-monitor-card.tsx';
import { monitorDevice, shouldShowMonitor } from '@/features/analysis/lib/monitor-rules.ts';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { LatestSourceBadge } from '@/features/bluetooth/components/latest-source-badge.tsx';
import { PatientIntegrationCard } from '@/features/bluetooth/components/patient-integration-card.tsx';
import { FloatingWidgets } from '@/features/care/components/floating-widgets.tsx';
import { NotesCard } from '@/features/care/components/notes-card.tsx';
import { TreatmentScheduleCard } from '@/features/care/components/treatment-schedule-card.tsx';
import { PatientHeader } from '@/features/patients/components/patient-header.tsx';
import { TimelineCard } from '@/features/patients/components/timeline-card.tsx';
import { VitalCards } from '@/features/patients/components/vital-cards.tsx';
import { VitalsFreshness } from '@/features/patients/components/vitals-freshness.tsx';
import { useVitalsStaleness } from '@/features/patients/hooks/use-vitals-staleness.ts';
import { getPatientReadingsQueryOptions } from '@/features/readings/api/get-readings.ts';
import { RecordObservationsDialog } from '@/features/readings/components/record-observations-dialog.tsx';
import { VitalsTrendCard } from '@/features/readings/components/vitals-trend-card.tsx';
import { WearablePanel } from '@/features/wearables/components/wearable-panel.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/**
 * The vital-signs monitor, marked stale by the patients feature's rule when the vitals are overdue,
 * its connection badge from the source of the latest reading (the trend chart's cached readings).
 */
function MonitorCard({ patient }: { patient: Patient }) {
  const staleness = useVitalsStaleness(patient);
  const { data: readings } = useQuery(getPatientReadingsQueryOptions(patient.id));
  return (
    <VitalSignsMonitorCard
      patient={patient}
      device={monitorDevice(patient, readings?.at(-1) ?? null)}
      isStale={staleness.isStale}
      freshness={<VitalsFreshness staleness={staleness} />}
      isDetailFolded
    />
  );
}

/** The loaded patient detail page: header, vitals, then the clinical cards in two columns on wide screens. */
export function PatientRecord({ patient }: { patient: Patient }) {
  const { can } = useAuth();
  useDocumentTitle(`${patient.name} · Patient record`);
  const showMonitor = shouldShowMonitor(patient);

  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <PatientHeader patient={patient} actions={<RecordObservationsDialog patient={patient} />} />
      {can('audit:read') && (
        <Link href={`/audit/patient/${patient.id}`} className="self-start text-primary text-sm underline">
          Who has seen this record
        </Link>
      )}
      <VitalCards patient={patient} source={<LatestSourceBadge patientId={patient.id} />} />
      {/* What to do now comes straight after the vitals (AI Analysis leads with it, details fold out);
          the monitor's copy of the analysis text and recommendations is folded. */}
      <AnalysisCard patient={patient} />
      <VitalsTrendCard patient={patient} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {showMonitor && <MonitorCard patient={patient} />}
          <PatientIntegrationCard patient={patient} wearable={<WearablePanel patient={patient} />} />
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
