import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { Link, useLocation } from 'wouter';
import { PatientAlertHistory } from '@/features/alerts/components/patient-alert-history.tsx';
import { AnalysisCard } from '@/features/analysis/components/analysis-card.tsx';
import { VitalSignsMonitorCard } from '@/features/analysis/components/vital-signs-monitor-card.tsx';
import { shouldShowMonitor } from '@/features/analysis/lib/monitor-rules.ts';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { PatientIntegrationCard } from '@/features/bluetooth/components/patient-integration-card.tsx';
import { FloatingWidgets } from '@/features/care/components/floating-widgets.tsx';
import { NotesCard } from '@/features/care/components/notes-card.tsx';
import { TreatmentScheduleCard } from '@/features/care/components/treatment-schedule-card.tsx';
import { HandoverHistoryCard } from '@/features/handover/components/handover-history-card.tsx';
import { getPatientQueryOptions } from '@/features/patients/api/get-patient.ts';
import { ObservationScheduleCard } from '@/features/patients/components/observation-schedule-card.tsx';
import { PatientHeader } from '@/features/patients/components/patient-header.tsx';
import { TimelineCard } from '@/features/patients/components/timeline-card.tsx';
import { VitalCards } from '@/features/patients/components/vital-cards.tsx';
import { VitalsFreshness } from '@/features/patients/components/vitals-freshness.tsx';
import { useVitalsStaleness } from '@/features/patients/hooks/use-vitals-staleness.ts';
import { getPatientReadingsQueryOptions } from '@/features/readings/api/get-readings.ts';
import { RecordObservationsDialog } from '@/features/readings/components/record-observations-dialog.tsx';
import { VitalsTrendCard } from '@/features/readings/components/vitals-trend-card.tsx';
import { TransferButton } from '@/features/wards/components/transfer-button.tsx';
import { WearablePanel } from '@/features/wearables/components/wearable-panel.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { HttpError } from '@/lib/api-client.ts';
import { patientLabel } from '@/lib/patient-label.ts';

/** The vital-signs monitor, marked stale by the patients feature's rule when the vitals are overdue. */
function MonitorCard({ patient }: { patient: Patient }) {
  const staleness = useVitalsStaleness(patient);
  return (
    <VitalSignsMonitorCard
      patient={patient}
      isStale={staleness.isStale}
      freshness={<VitalsFreshness staleness={staleness} dueAt={patient.observations.dueAt} />}
      isDetailFolded
    />
  );
}

/** The WHOOP panel, given the readings the trend card shows (one query): WHOOP's newest summary arrives there. */
function Wearable({ patient }: { patient: Patient }) {
  const readings = useQuery(getPatientReadingsQueryOptions(patient.id));
  return <WearablePanel patient={patient} readings={readings.data} />;
}

/**
 * After a transfer: a patient now on a ward the person does not see is no longer theirs to read (the
 * server answers 404), so the record gives way to the dashboard; who still sees her stays on it.
 */
function useAfterTransfer(patientId: number) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    const readable = await queryClient
      .fetchQuery({ ...getPatientQueryOptions(patientId), staleTime: 0 })
      .then(() => true)
      .catch((error: unknown) => !(error instanceof HttpError && error.status === 404));
    if (!readable) navigate('/');
  };
}

/** The loaded patient detail page: header, vitals, then the clinical cards in two columns on wide screens. */
export function PatientRecord({ patient }: { patient: Patient }) {
  const { can } = useAuth();
  useDocumentTitle(`${patientLabel(patient)} · Patient record`);
  const showMonitor = shouldShowMonitor(patient);
  const afterTransfer = useAfterTransfer(patient.id);

  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <PatientHeader
        patient={patient}
        actions={
          <>
            <RecordObservationsDialog patient={patient} />
            {can('patients:edit') && (
              <TransferButton patient={patient} onTransferred={() => void afterTransfer()} />
            )}
          </>
        }
      />
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href={`/patient/${patient.id}/chart`} className="text-primary underline">
          Observation chart
        </Link>
        {can('audit:read') && (
          <Link href={`/audit/patient/${patient.id}`} className="text-primary underline">
            Who has seen this record
          </Link>
        )}
      </div>
      <ObservationScheduleCard patient={patient} canRecord={can('observations:record')} />
      <VitalCards patient={patient} />
      {/* What to do now comes straight after the vitals (AI Analysis leads with it, details fold out);
          the monitor's copy of the analysis text and recommendations is folded. */}
      <AnalysisCard patient={patient} />
      <VitalsTrendCard patient={patient} mayCorrect={can('observations:record')} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {showMonitor && <MonitorCard patient={patient} />}
          <PatientIntegrationCard patient={patient} wearable={<Wearable patient={patient} />} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <TreatmentScheduleCard patientId={patient.id} />
          <NotesCard patientId={patient.id} />
          <PatientAlertHistory patient={patient} canAcknowledge={can('alerts:acknowledge')} />
          <HandoverHistoryCard patientId={patient.id} />
          <TimelineCard patientId={patient.id} />
        </div>
      </div>
      <FloatingWidgets patientId={patient.id} />
    </div>
  );
}
