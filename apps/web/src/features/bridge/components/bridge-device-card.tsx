import type { BridgeDevice, Patient } from '@vigil/domain';
import { CloudUpload, Plug, Unplug } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { patientLabel, sortedByName } from '@/lib/patient-label.ts';
import {
  deviceName,
  formatLastUpdate,
  patientsForDevice,
  shortDeviceId,
  syncSummary,
  valueOrDashes,
} from '../lib/device-display.ts';

const CONNECTED_BADGE = 'border-transparent bg-green-700 text-white';
const DISCONNECTED_BADGE = 'border-transparent bg-red-700 text-white';
const AMBER_BADGE = 'border-amber-600 text-amber-800 dark:text-amber-300';

/** One device the bridge found (spec point 2, "Each device card"). */
export function BridgeDeviceCard({
  device,
  patients,
  onConnect,
  onDisconnect,
  onSync,
}: {
  device: BridgeDevice;
  patients: readonly Pick<Patient, 'id' | 'name' | 'isDemo'>[] | undefined;
  onConnect: (deviceId: string) => void;
  onDisconnect: (deviceId: string) => void;
  onSync: (device: BridgeDevice, patient: { id: number; name: string } | null) => Promise<void>;
}) {
  const titleId = useId();
  const patientId = useId();
  const name = deviceName(device);
  const [chosen, setChosen] = useState<string>(device.patientId ? String(device.patientId) : '');
  const [isSyncing, setSyncing] = useState(false);
  const isActive = device.connected && !device.stale;
  const isBusy = device.connectionState === 'connecting' || device.connectionState === 'reconnecting';
  const linkedPatient = device.patientId ? patients?.find((p) => p.id === device.patientId) : undefined;
  // A simulated device feeds demo patients only: a real patient is never offered for it.
  const choices = sortedByName(patientsForDevice(device, patients) ?? []);
  const hintId = useId();

  const sync = async () => {
    const id = Number(chosen);
    const patient = choices.find((p) => p.id === id) ?? null;
    setSyncing(true);
    try {
      await onSync(device, patient);
    } finally {
      setSyncing(false);
    }
  };

  return (
    <li
      aria-labelledby={titleId}
      data-bridge-device={device.id}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col">
          <h4 id={titleId} className="font-semibold">
            {name}
          </h4>
          <span className="font-mono text-muted-foreground text-xs">
            <span className="sr-only">Device id </span>
            {shortDeviceId(device.id)}
          </span>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {isActive && <Badge variant="secondary">Active</Badge>}
          <Badge className={device.connected ? CONNECTED_BADGE : DISCONNECTED_BADGE}>
            {device.connected ? 'Connected' : 'Disconnected'}
          </Badge>
          {device.stale && (
            <Badge variant="outline" className={AMBER_BADGE}>
              No recent data
            </Badge>
          )}
          {device.simulated && (
            <Badge variant="outline" className={AMBER_BADGE}>
              Simulation
            </Badge>
          )}
        </div>
      </div>

      {device.connected ? (
        <>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">BPM</dt>
              <dd className="font-semibold text-lg tabular-nums" data-bridge-value="heartRate">
                {valueOrDashes(device.heartRate)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Battery %</dt>
              <dd className="font-semibold text-lg tabular-nums" data-bridge-value="battery">
                {valueOrDashes(device.batteryLevel)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Last Update</dt>
              <dd className="font-medium tabular-nums">{formatLastUpdate(device.lastUpdated)}</dd>
            </div>
          </dl>

          {device.sync && (
            <p className="text-muted-foreground text-sm" data-bridge-sync={device.sync.status}>
              Syncing to {linkedPatient ? patientLabel(linkedPatient) : `patient ID ${device.sync.patientId}`}
              : {syncSummary(device.sync)}
            </p>
          )}

          <div className="flex flex-col gap-1.5">
            <Label htmlFor={patientId}>Patient for {name}</Label>
            <NativeSelect
              id={patientId}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              aria-describedby={device.simulated ? hintId : undefined}
            >
              <option value="">Select a patient</option>
              {choices.map((p) => (
                <option key={p.id} value={p.id}>
                  {patientLabel(p)}
                </option>
              ))}
            </NativeSelect>
            {device.simulated && (
              <p id={hintId} className="text-muted-foreground text-xs">
                {choices.length === 0
                  ? 'A simulated device feeds demo patients only, and this ward has none.'
                  : 'A simulated device feeds demo patients only.'}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => onDisconnect(device.id)}>
              <Unplug aria-hidden="true" />
              Disconnect Device
            </Button>
            <Button onClick={() => void sync()} disabled={isSyncing}>
              <CloudUpload aria-hidden="true" />
              Sync Data to Cloud
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button onClick={() => onConnect(device.id)} disabled={isBusy}>
            <Plug aria-hidden="true" />
            {isBusy ? 'Connecting...' : 'Connect to Device'}
          </Button>
        </div>
      )}
    </li>
  );
}
