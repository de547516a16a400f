import type { QueryClient } from '@tanstack/react-query';
import { compareForWard, type LiveEvent, type Patient } from '@vigil/domain';
import { applyAlertChanged } from '@/features/alerts/api/alerts.ts';
import { alertsQueryKeys } from '@/features/alerts/api/query-keys.ts';
import { patientAnalysisQueryKey } from '@/features/analysis/api/query-keys.ts';
import { DEVICE_LINKS_QUERY_KEY } from '@/features/devices/api/query-keys.ts';
import { handoverQueryKeys, patientHandoversQueryKey } from '@/features/handover/api/query-keys.ts';
import {
  isTimelineQueryKey,
  PATIENTS_QUERY_KEY,
  patientQueryKey,
  timelineQueryKey,
} from '@/features/patients/api/query-keys.ts';
import { news2SeriesQueryKey, patientReadingsQueryKey } from '@/features/readings/api/query-keys.ts';
import { mergeReadings } from '@/features/readings/api/readings-window.ts';
import { refreshTrend } from '@/features/readings/api/trend-refresh.ts';
import { wardQueryKeys } from '@/features/ward/api/ward-keys.ts';
import { refreshOutreach } from '@/features/wards/api/outreach-refresh.ts';
import { streamOpened } from '@/lib/live-position.ts';

/**
 * Writes a live event into the query cache so every screen showing that patient updates without
 * refetching: the patient record (its NEWS2, sources and devices are the server's, in the event), the
 * dashboard list (kept in ward order), the trend chart's readings; analyses and the NEWS2 of each
 * reading are refreshed where shown; an alert goes into the alert bar's list at once (the bar
 * announces a newly raised one: features/alerts).
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'ping':
      return;
    case 'stream-opened':
      // What was read before the stream began to carry events is read again where it is shown.
      streamOpened(event.data.position, () => void queryClient.invalidateQueries({ refetchType: 'active' }));
      return;
    case 'alert-changed':
      applyAlertChanged(queryClient, event.data);
      refreshOutreach(queryClient);
      // The board counts the open alerts; the patient's history lists each alert's life.
      void queryClient.invalidateQueries({ queryKey: wardQueryKeys.board(), refetchType: 'active' });
      void queryClient.invalidateQueries({
        queryKey: timelineQueryKey(event.data.patientId),
        refetchType: 'active',
      });
      return;
    case 'patient-updated': {
      const patient = event.data;
      queryClient.setQueryData<Patient>(patientQueryKey(patient.id), patient);
      // A NEWS2 or schedule that changed may put her on the outreach list or take her off.
      refreshOutreach(queryClient);
      const list = queryClient.getQueryData<Patient[]>(PATIENTS_QUERY_KEY);
      if (list?.some((p) => p.id === patient.id))
        queryClient.setQueryData<Patient[]>(
          PATIENTS_QUERY_KEY,
          list.map((p) => (p.id === patient.id ? patient : p)).sort(compareForWard),
        );
      // Not in the list as last read: admitted since on another screen. The server says whether
      // and where the list holds her (until then the alert bar would name her "Patient 7").
      else if (list)
        void queryClient.invalidateQueries({
          queryKey: PATIENTS_QUERY_KEY,
          exact: true,
          refetchType: 'active',
        });
      void queryClient.invalidateQueries({
        queryKey: patientAnalysisQueryKey(patient.id),
        refetchType: 'active',
      });
      void queryClient.invalidateQueries({
        queryKey: timelineQueryKey(patient.id),
        refetchType: 'active',
      });
      return;
    }
    case 'reading': {
      // A device's reading moves its link's "last reading" and battery on the device lists.
      if (event.data.readings.some((r) => r.deviceId !== null))
        void queryClient.invalidateQueries({ queryKey: DEVICE_LINKS_QUERY_KEY, refetchType: 'active' });
      // The reading is drawn at once after the trend (from the latest readings, below); the trend
      // itself, with the server's NEWS2 and buckets, is read again at most every few seconds.
      refreshTrend(queryClient, event.patientId);
      void queryClient.invalidateQueries({
        queryKey: news2SeriesQueryKey(event.patientId),
        refetchType: 'active',
      });
      const key = patientReadingsQueryKey(event.patientId);
      if (queryClient.getQueryData(key) !== undefined) {
        // The newest readings (a backfill's event holds its latest only): a reading marked entered
        // in error replaces its earlier copy.
        queryClient.setQueryData(key, (cached: Parameters<typeof mergeReadings>[0]) =>
          mergeReadings(cached, event.data.readings),
        );
      }
      return;
    }
    case 'device-link-changed':
      // Which device feeds which patient: every list of links (manager, patient record) refetches,
      // and the patient's history (linked, lost, disconnected).
      void queryClient.invalidateQueries({ queryKey: DEVICE_LINKS_QUERY_KEY, refetchType: 'active' });
      void queryClient.invalidateQueries({
        queryKey: timelineQueryKey(event.patientId),
        refetchType: 'active',
      });
      return;
    case 'ward-changed':
      // Beds, layout, settings or assignments: the board, the assignment lists and the handover
      // lists (who hands over to whom follows the assignments) refetch; a discharged patient leaves
      // the patient list (the event does not say which change it was).
      void queryClient.invalidateQueries({ queryKey: wardQueryKeys.all, refetchType: 'active' });
      void queryClient.invalidateQueries({ queryKey: handoverQueryKeys.all, refetchType: 'active' });
      void queryClient.invalidateQueries({
        queryKey: PATIENTS_QUERY_KEY,
        exact: true,
        refetchType: 'active',
      });
      // A bed given, a move or a discharge is in the patient's history (which patient is not said).
      void queryClient.invalidateQueries({
        predicate: (query) => isTimelineQueryKey(query.queryKey),
        refetchType: 'active',
      });
      // A transfer: her open alerts left one ward's lists and joined another's (decision 035); the
      // ward she joins also gets them as alert-changed, the ward she left only this.
      refreshOutreach(queryClient);
      if (event.data?.transfer)
        void queryClient.invalidateQueries({ queryKey: alertsQueryKeys.lists(), refetchType: 'active' });
      return;
    case 'handover-changed':
      // A handover given or accepted: the handover lists, the patient's history, the board's figures.
      void queryClient.invalidateQueries({ queryKey: handoverQueryKeys.all, refetchType: 'active' });
      void queryClient.invalidateQueries({
        queryKey: patientHandoversQueryKey(event.patientId),
        refetchType: 'active',
      });
      void queryClient.invalidateQueries({ queryKey: wardQueryKeys.board(), refetchType: 'active' });
      void queryClient.invalidateQueries({
        queryKey: timelineQueryKey(event.patientId),
        refetchType: 'active',
      });
      return;
    case 'alert-level-changed':
      // Announced by the alert it raises (alert-changed), once, not by the level.
      return;
    case 'stream-ending':
      // The stream's own business (a server restarting): the stream client reconnects.
      return;
  }
}
