import { useQueryClient } from '@tanstack/react-query';
import type { Patient, VitalReading } from '@vigil/domain';
import { CircleAlert, HeartPulse, LoaderCircle, RefreshCw, Unplug, Watch } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { HttpError } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastInfo, toastSuccess } from '@/lib/toast.ts';
import { useVitalWatchData, useWearableConnection, useWhoopStatus } from '../api/get-wearable.ts';
import { useConnectWhoop, useDisconnectWhoop, useRefreshVitalWatchData } from '../api/manage-wearable.ts';
import { vitalWatchDataQueryKey, wearableQueryKey } from '../api/query-keys.ts';
import {
  isNewerThan,
  latestWhoopReading,
  pickWearableData,
  whoopUnavailableText,
} from '../lib/wearable-data.ts';
import { WearableDataCard } from './wearable-data-card.tsx';

/** Spec point 8 texts, with the wearable provider named. */
export const WEARABLE_TOASTS = {
  notAvailable: [
    'WHOOP Integration Not Available',
    'The WHOOP API integration is not configured. Please contact support.',
  ],
  connected: ['Connection Successful', 'Successfully connected to WHOOP API.'],
  connectFailed: ['Connection Failed', 'Failed to connect to WHOOP API. Please try again.'],
  refreshing: ['Refreshing Data', 'Fetching the latest data from WHOOP...'],
  cloudIssue: ['Cloud Sync Issue', 'Could not fetch data from cloud. Check configuration.'],
} as const;

const isConnectFirst = (error: unknown) => {
  if (!(error instanceof HttpError)) return false;
  try {
    return (JSON.parse(error.body) as { connectFirst?: unknown }).connectFirst === true;
  } catch {
    return false;
  }
};

/** Sends the browser to WHOOP's consent page (kept out of the component for the tests' sake). */
const goTo = (url: string) => window.location.assign(url);

/**
 * The patient's WHOOP, linked through WHOOP's API: connect (the browser goes to WHOOP and comes back
 * through /oauth/callback), the wearable data card, a manual refresh, "reconnect needed" when WHOOP
 * stopped accepting the connection, and disconnect.
 */
export function WearablePanel({
  patient,
  readings,
}: {
  patient: Patient;
  /** The patient's recent readings (the trend's), where WHOOP's newest summary arrives live. */
  readings: VitalReading[] | undefined;
}) {
  const headingId = useId();
  const status = useWhoopStatus();
  const connection = useWearableConnection(patient.id);
  const state = connection.data?.state;
  const connectWhoop = useConnectWhoop(patient.id, goTo);

  // The record changes live (another screen, the server losing the connection): follow it.
  const queryClient = useQueryClient();
  const watchKey = `${patient.hasVitalWatch}:${patient.vitalWatchConnected}`;
  const lastWatchKey = useRef(watchKey);
  useEffect(() => {
    if (lastWatchKey.current === watchKey) return;
    lastWatchKey.current = watchKey;
    void queryClient.invalidateQueries({ queryKey: wearableQueryKey(patient.id) });
  }, [watchKey, patient.id, queryClient]);
  const disconnect = useDisconnectWhoop(patient.id);

  const connect = () => {
    if (status.data && !status.data.available) {
      toastError(...WEARABLE_TOASTS.notAvailable);
      return;
    }
    connectWhoop.mutate(undefined, {
      onError: (error) =>
        error instanceof HttpError && error.code === 'WHOOP_NOT_CONFIGURED'
          ? toastError(...WEARABLE_TOASTS.notAvailable)
          : toastError(...WEARABLE_TOASTS.connectFailed),
    });
  };

  // Back from /oauth/callback with a stored connection: say so once, then drop the marker from the URL.
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (state !== 'connected' || !new URLSearchParams(search).has('wearable')) return;
    toastSuccess(...WEARABLE_TOASTS.connected);
    navigate(location, { replace: true });
  }, [state, search, location, navigate]);

  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () =>
        toastSuccess('Device Disconnected', `Successfully disconnected device for patient ID ${patient.id}`),
      onError: (error) =>
        toastError(
          'Disconnect Error',
          error instanceof HttpError
            ? describeError(error)
            : `Failed to disconnect device for patient ID ${patient.id}`,
        ),
    });

  const unavailable = whoopUnavailableText(status.data);
  const connectButton = (label: string) => (
    <div className="flex flex-col gap-1.5">
      <Button
        onClick={connect}
        disabled={connectWhoop.isPending || status.isPending || unavailable !== null}
        aria-describedby={unavailable ? `${headingId}-unavailable` : undefined}
        className="self-start"
      >
        {connectWhoop.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Watch aria-hidden="true" />
        )}
        {label}
      </Button>
      {unavailable && (
        <p
          id={`${headingId}-unavailable`}
          data-whoop-unavailable=""
          className="text-muted-foreground text-sm"
        >
          {unavailable}
        </p>
      )}
    </div>
  );
  const disconnectButton = (
    <Button variant="outline" onClick={onDisconnect} disabled={disconnect.isPending}>
      {disconnect.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <Unplug aria-hidden="true" />
      )}
      Disconnect WHOOP
    </Button>
  );

  let body: ReactNode;
  if (connection.isPending) body = <CardLoading label="Loading wearable" />;
  else if (connection.error) body = <CardError what="the wearable" error={connection.error} />;
  else if (state === 'connected')
    body = <ConnectedWearable patientId={patient.id} readings={readings} actions={disconnectButton} />;
  else if (state === 'reconnect_needed') {
    body = (
      <div className="flex flex-col gap-3">
        <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>Reconnect needed.</strong> WHOOP no longer accepts this connection, so no WHOOP data is
            arriving for this patient.
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {connectButton('Reconnect WHOOP')}
          {disconnectButton}
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-muted-foreground text-sm">
          No WHOOP is linked to this patient. Connecting opens WHOOP to sign in and allow Vigil to read the
          patient's recovery, heart rate and SpO2.
        </p>
        {connectButton('Connect WHOOP')}
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId} className="flex items-center gap-2">
          <HeartPulse className="size-5 text-primary" aria-hidden="true" />
          WHOOP Wearable
        </CardTitle>
        {state === 'connected' && <Badge variant="secondary">Connected</Badge>}
        {state === 'reconnect_needed' && <Badge variant="destructive">Reconnect needed</Badge>}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function ConnectedWearable({
  patientId,
  readings,
  actions,
}: {
  patientId: number;
  readings: VitalReading[] | undefined;
  actions: ReactNode;
}) {
  const stored = useVitalWatchData(patientId, true);
  const refresh = useRefreshVitalWatchData(patientId);
  const live = latestWhoopReading(readings);
  const data = pickWearableData(live, stored.data, refresh.data);
  const queryClient = useQueryClient();

  // A live WHOOP reading newer than the stored data means the server has stored a newer night: fetch
  // it now (its recovery and strain) rather than at the next 30 s poll. Once per live reading.
  const refetchedFor = useRef<string | null>(null);
  const liveTime = live?.readingTime ?? null;
  const stale = !stored.isFetching && stored.data !== undefined && isNewerThan(live, stored.data);
  useEffect(() => {
    if (!stale || !liveTime || refetchedFor.current === liveTime) return;
    refetchedFor.current = liveTime;
    void queryClient.invalidateQueries({ queryKey: vitalWatchDataQueryKey(patientId) });
  }, [stale, liveTime, queryClient, patientId]);

  // A failed stored-data fetch: once per failure, not on every render. One reporting connectFirst
  // (spec point 4) returns the card to its connection state: not connected, or "reconnect needed".
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!stored.error || toasted.current === stored.error) return;
    toasted.current = stored.error;
    if (isConnectFirst(stored.error)) {
      void queryClient.invalidateQueries({ queryKey: wearableQueryKey(patientId) });
      return;
    }
    toastError(...WEARABLE_TOASTS.cloudIssue);
  }, [stored.error, queryClient, patientId]);

  const onRefresh = () => {
    toastInfo(...WEARABLE_TOASTS.refreshing);
    refresh.mutate(undefined, {
      onError: (error) =>
        toastError('Connection Failed', describeError(error) || 'Could not connect to vital watch device'),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {stored.error && !isConnectFirst(stored.error) && (
        <p role="alert" className="text-destructive text-sm">
          Could not fetch vital watch data
        </p>
      )}
      {data ? (
        <WearableDataCard data={data} />
      ) : stored.isPending ? (
        <CardLoading label="Loading WHOOP data" />
      ) : (
        <p className="text-muted-foreground text-sm">
          No WHOOP data yet: it arrives after WHOOP scores the patient's sleep.
        </p>
      )}
      <p aria-live="polite" className="min-h-5 text-muted-foreground text-sm">
        {refresh.isPending ? 'Refreshing Data' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={refresh.isPending}>
          <RefreshCw className={refresh.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
        {actions}
      </div>
    </div>
  );
}
