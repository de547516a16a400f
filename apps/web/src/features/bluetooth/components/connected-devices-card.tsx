import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { MonitorSmartphone, Unplug } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { DemoPatientBadge } from '@/components/provenance/demo-patient-badge.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { getDeviceLinksQueryOptions } from '@/features/devices/api/device-links.ts';
import type { useDeviceActions } from '../hooks/use-device-actions.ts';
import { useLocalDevices } from '../hooks/use-local-devices.ts';
import { type DeviceRow, deviceRows, hasRealConnection } from '../lib/device-rows.ts';
import { DeviceFacts } from './device-facts.tsx';
import { DeviceStatus } from './device-status.tsx';

/** Spec point 2, the empty state: five steps and the services Vigil reads. */
function NoDevices() {
  return (
    <div className="flex flex-col gap-3 py-2 text-sm">
      <p className="font-medium">No devices connected</p>
      <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
        <li>Switch the health device on and keep it near this computer.</li>
        <li>Put it in pairing mode (or enable heart-rate broadcast in its app).</li>
        <li>Select the patient in "Connect New Device".</li>
        <li>Click "Scan for Devices" and choose the device in the browser's list.</li>
        <li>Wait for "Connected": its readings then reach the patient's record.</li>
      </ol>
      <p className="text-muted-foreground">
        Supported services: Heart Rate, Battery and Health Thermometer (also Pulse Oximeter and Blood
        Pressure).
      </p>
    </div>
  );
}

/**
 * Card 3, "Connected Devices": every device the server knows to feed a patient (any nurse's browser
 * or the bridge), live through `device-link-changed` events, with this browser's own devices merged in.
 */
export function ConnectedDevicesCard({
  actions,
  onDisconnected,
  patients,
}: {
  actions: ReturnType<typeof useDeviceActions>;
  onDisconnected(row: DeviceRow): void;
  /** The ward's patients (the page's), to name each device's patient by. */
  patients: readonly Patient[] | undefined;
}) {
  const titleId = useId();
  const links = useQuery(getDeviceLinksQueryOptions());
  const local = useLocalDevices();
  const rows = useMemo(() => deviceRows(links.data ?? [], local), [links.data, local]);
  const patientOf = (id: number) => patients?.find((p) => p.id === id) ?? null;

  let content: React.ReactNode;
  if (links.isPending && local.length === 0) content = <CardLoading label="Loading devices" />;
  else if (links.isError && rows.length === 0) content = <CardError what="the devices" error={links.error} />;
  else if (rows.length === 0) content = <NoDevices />;
  else
    content = (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-labelledby={titleId}>
          <thead className="border-b text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium">
                Patient
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Device
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <DeviceTableRow
                key={row.key}
                row={row}
                patient={patientOf(row.patientId)}
                onDisconnect={async () => {
                  if (await actions.disconnect(row)) onDisconnected(row);
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-primary" aria-hidden="true" />
          Connected Devices
        </CardTitle>
        <CardDescription>Which device feeds which patient, on every nurse's screen.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}

function DeviceTableRow({
  row,
  patient,
  onDisconnect,
}: {
  row: DeviceRow;
  patient: { name: string; isDemo: boolean } | null;
  onDisconnect(): void;
}) {
  const name = row.deviceName ?? 'Unknown Device';
  return (
    <tr className="border-b align-top last:border-0" data-device-row={row.deviceId}>
      <td className="px-2 py-3">
        <div className="flex flex-col items-start gap-1">
          <Link
            href={`/patient/${row.patientId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {patient?.name ?? `Patient ${row.patientId}`}
          </Link>
          {patient?.isDemo && <DemoPatientBadge />}
        </div>
      </td>
      <td className="px-2 py-3">
        <div className="flex flex-col gap-1">
          <span className="font-medium">{name}</span>
          <span className="font-mono text-muted-foreground text-xs" title={row.deviceId}>
            {row.deviceId.slice(0, 8)}
          </span>
          <div className="flex flex-wrap gap-1">
            {row.isSimulated ? (
              <Badge variant="outline">Simulation</Badge>
            ) : (
              hasRealConnection(row) && (
                <>
                  <Badge variant="secondary">GATT Connected</Badge>
                  <Badge variant="outline">Health Monitor</Badge>
                </>
              )
            )}
          </div>
        </div>
      </td>
      <td className="px-2 py-3">
        <div className="flex flex-col gap-2">
          <DeviceStatus row={row} />
          <DeviceFacts row={row} />
        </div>
      </td>
      <td className="px-2 py-3">
        <Button variant="outline" size="sm" onClick={onDisconnect} aria-label={`Disconnect ${name}`}>
          <Unplug aria-hidden="true" />
          Disconnect
        </Button>
      </td>
    </tr>
  );
}
