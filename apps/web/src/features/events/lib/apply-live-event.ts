import type { QueryClient } from '@tanstack/react-query';
import { compareForWard, type LiveEvent, type Patient } from '@vigil/domain';
import { patientAnalysisQueryKey } from '@/features/analysis/api/get-patient-analysis.ts';
import { patientQueryKey } from '@/features/patients/api/get-patient.ts';
import { PATIENTS_QUERY_KEY } from '@/features/patients/api/get-patients.ts';
import { timelineQueryKey } from '@/features/patients/api/get-timeline.ts';
import { mergeReadings, patientReadingsQueryKey } from '@/features/readings/api/get-readings.ts';

export interface AlertAnnouncement {
  patientId: number;
  level: 'URGENT' | 'CRITICAL';
  patientName: string | null;
  news2Total: number;
}

/**
 * Writes a live event into the query cache so every screen showing that patient updates without
 * refetching: the patient record, the dashboard list (kept in ward order), the trend chart's
 * readings; analyses of the patient are refreshed where shown. Returns an alert to announce, if any.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): AlertAnnouncement | null {
  switch (event.type) {
    case 'ping':
      return null;
    case 'patient-updated': {
      const patient = event.data;
      queryClient.setQueryData<Patient>(patientQueryKey(patient.id), patient);
      queryClient.setQueryData<Patient[]>(PATIENTS_QUERY_KEY, (list) =>
        list ? list.map((p) => (p.id === patient.id ? patient : p)).sort(compareForWard) : list,
      );
      void queryClient.invalidateQueries({
        queryKey: patientAnalysisQueryKey(patient.id),
        refetchType: 'active',
      });
      void queryClient.invalidateQueries({
        queryKey: timelineQueryKey(patient.id),
        refetchType: 'active',
      });
      return null;
    }
    case 'reading': {
      // A device's reading moves its link's "last reading" and battery on the device lists.
      if (event.data.readings.some((r) => r.deviceId !== null))
        void queryClient.invalidateQueries({ queryKey: ['/api/device-links'], refetchType: 'active' });
      const key = patientReadingsQueryKey(event.patientId);
      if (event.data.truncated) {
        // A large backfill: the event holds only its latest readings, so reload the window.
        void queryClient.invalidateQueries({ queryKey: key, refetchType: 'active' });
      } else if (queryClient.getQueryData(key) !== undefined) {
        queryClient.setQueryData(key, (cached: Parameters<typeof mergeReadings>[0]) =>
          mergeReadings(cached, event.data.readings),
        );
      }
      return null;
    }
    case 'device-link-changed':
      // Which device feeds which patient: every list of links (manager, patient record) refetches.
      void queryClient.invalidateQueries({ queryKey: ['/api/device-links'], refetchType: 'active' });
      return null;
    case 'alert-level-changed': {
      const { to, news2Total } = event.data;
      if (to !== 'URGENT' && to !== 'CRITICAL') return null;
      const name =
        queryClient.getQueryData<Patient>(patientQueryKey(event.patientId))?.name ??
        queryClient.getQueryData<Patient[]>(PATIENTS_QUERY_KEY)?.find((p) => p.id === event.patientId)
          ?.name ??
        null;
      return { patientId: event.patientId, level: to, patientName: name, news2Total };
    }
  }
}
