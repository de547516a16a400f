import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { Bluetooth, BluetoothOff, FlaskConical, LoaderCircle, Plug, RefreshCw, Unplug } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { getDeviceLinksQueryOptions } from '@/features/devices/api/device-links.ts';
import { useSimulationAvailable } from '@/lib/server-config.ts';
import { useDeviceActions } from '../hooks/use-device-actions.ts';
import { useLocalDevices } from '../hooks/use-local-devices.ts';
import { BLUETOOTH_MESSAGES } from '../lib/bluetooth-errors.ts';
import { isWebBluetoothSupported } from '../lib/bluetooth-support.ts';
import { deviceRows } from '../lib/device-rows.ts';
import { DeviceFacts } from './device-facts.tsx';
import { DeviceStatus } from './device-status.tsx';

/**
 * "Patient Integration" on the patient record (spec point 2): connect a Bluetooth device for this
 * patient, the devices linked to them with battery and last reading, and the wearable provider's
 * part (`wearable`, mounted by its own feature). "Use Demo Device" only on a demo patient's record
 * (and, as before, only without Web Bluetooth on a server that accepts simulated devices).
 */
export function PatientIntegrationCard({ patient, wearable }: { patient: Patient; wearable?: ReactNode }) {
  const titleId = useId();
  const actions = useDeviceActions();
  const links = useQuery(getDeviceLinksQueryOptions(patient.id));
  const local = useLocalDevices();
  const rows = useMemo(
    () =>
      deviceRows(
        links.data ?? [],
        local.filter((d) => d.patientId === patient.id),
      ),
    [links.data, local, patient.id],
  );
  const isSupported = isWebBluetoothSupported();
  const simulation = useSimulationAvailable();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Plug className="size-5 text-primary" aria-hidden="true" />
          Patient Integration
        </CardTitle>
        <CardDescription>Devices and wearables feeding this patient's vital signs.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* Where a device would be connected: the button, or, without Web Bluetooth, one quiet line
            saying why not (the manager page has the full notice). */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {isSupported ? (
            <Button onClick={() => void actions.scan(patient.id)} disabled={actions.busy !== null}>
              {actions.busy === 'scan' ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Bluetooth aria-hidden="true" />
              )}
              {actions.busy === 'scan' ? 'Scanning...' : 'Connect Bluetooth device'}
            </Button>
          ) : (
            <>
              {simulation === true && patient.isDemo && (
                <Button
                  variant="outline"
                  onClick={() => void actions.demo(patient.id)}
                  disabled={actions.busy !== null}
                >
                  <FlaskConical aria-hidden="true" />
                  Use Demo Device
                </Button>
              )}
              <p
                data-bluetooth-unsupported=""
                className="flex min-w-0 flex-1 basis-64 items-start gap-1.5 text-muted-foreground text-xs"
              >
                <BluetoothOff className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                <span>{BLUETOOTH_MESSAGES.unsupportedPatientPage}</span>
              </p>
            </>
          )}
        </div>
        {actions.error && (
          <p role="alert" className="text-destructive text-sm">
            {actions.error}
          </p>
        )}
        {rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">No device linked to this patient.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Linked devices">
            {rows.map((row) => {
              const name = row.deviceName ?? 'Unknown Device';
              return (
                <li key={row.key} className="flex flex-wrap items-start justify-between gap-3 p-3">
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {name}
                      {row.isSimulated && <Badge variant="outline">Simulation Mode</Badge>}
                    </span>
                    <DeviceStatus row={row} />
                    <DeviceFacts row={row} />
                  </div>
                  <div className="flex gap-2">
                    {row.local && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => void actions.readNow(row.deviceId)}
                        aria-label={`Read ${name} now`}
                      >
                        <RefreshCw aria-hidden="true" />
                        Read now
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void actions.disconnect(row)}
                      aria-label={`Disconnect ${name}`}
                    >
                      <Unplug aria-hidden="true" />
                      Disconnect
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {wearable}
      </CardContent>
    </Card>
  );
}
