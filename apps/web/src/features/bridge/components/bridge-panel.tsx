import type { UseQueryResult } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { Radio, ScanSearch, Square, Unplug } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { type BridgeControls, useBridge } from '../hooks/use-bridge.ts';
import { BridgeDeviceCard } from './bridge-device-card.tsx';
import { BridgeSetup } from './bridge-setup.tsx';

const ADAPTER_PROBLEM: Record<string, string> = {
  poweredOff: 'Bluetooth is turned off on the bridge computer. Turn it on to scan for devices.',
  unsupported: 'The bridge computer has no Bluetooth adapter the bridge can use.',
  unauthorized:
    'The bridge is not allowed to use Bluetooth on its computer. Grant it access, then scan again.',
  unknown: 'The bridge is still waiting for its Bluetooth adapter.',
};

/**
 * Card 1 of the Bluetooth Device Manager (spec point 2, "Bridge panel"): connects this page to the
 * Health Device Bridge on this computer, scans, connects devices and syncs them to a patient.
 */
export function BridgePanel({ patients }: { patients: UseQueryResult<Patient[]> }) {
  const titleId = useId();
  const bridge = useBridge();
  const { status, reconnectAttempt } = bridge.snapshot;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Radio className="size-5 text-primary" aria-hidden="true" />
          Health Device Bridge
        </CardTitle>
        <CardDescription>
          Connect Bluetooth health devices through the bridge server on this computer, for wearables that
          cannot pair with the browser.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status === 'connected' ? (
          <ConnectedBridge bridge={bridge} patients={patients} />
        ) : (
          <BridgeSetup
            url={bridge.url}
            status={status}
            reconnectAttempt={reconnectAttempt}
            onConnect={bridge.connect}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The connected bridge's devices, each synced to one of the ward's `patients` (the page's query). */
function ConnectedBridge({
  bridge,
  patients,
}: {
  bridge: BridgeControls;
  patients: UseQueryResult<Patient[]>;
}) {
  const listId = useId();
  const { view } = bridge.snapshot;
  const problem =
    view.adapterState && view.adapterState !== 'poweredOn' ? ADAPTER_PROBLEM[view.adapterState] : null;
  const count = view.devices.length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2" role="status">
          <Badge className="border-transparent bg-green-700 text-white">Bridge Connected</Badge>
          {view.simulation && (
            <Badge variant="outline" className="border-amber-600 text-amber-800 dark:text-amber-300">
              Simulation: virtual devices only
            </Badge>
          )}
          <span className="font-mono text-muted-foreground text-xs">{bridge.url}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={bridge.toggleScan} variant={view.scanning ? 'outline' : 'default'}>
            {view.scanning ? <Square aria-hidden="true" /> : <ScanSearch aria-hidden="true" />}
            {view.scanning ? 'Stop Scan' : 'Scan for Devices'}
          </Button>
          <Button variant="ghost" onClick={bridge.disconnect}>
            <Unplug aria-hidden="true" />
            Disconnect Bridge
          </Button>
        </div>
      </div>

      {problem && (
        <p
          role="alert"
          className="rounded-md border border-amber-600/50 bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950/30 dark:text-amber-100"
        >
          {problem}
        </p>
      )}
      {patients.isError && (
        <p role="alert" className="text-destructive text-sm">
          Failed to fetch patients
        </p>
      )}

      {count > 0 ? (
        <section aria-labelledby={listId} className="flex flex-col gap-3">
          <h3 id={listId} className="font-semibold">
            Found Devices ({count})
          </h3>
          <ul aria-labelledby={listId} className="grid items-start gap-3 md:grid-cols-2">
            {view.devices.map((device) => (
              <BridgeDeviceCard
                key={device.id}
                device={device}
                patients={patients.data}
                onConnect={bridge.connectDevice}
                onDisconnect={bridge.disconnectDevice}
                onSync={bridge.syncToCloud}
              />
            ))}
          </ul>
        </section>
      ) : (
        <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed p-6 text-center">
          <h3 className="font-semibold">No Devices Found</h3>
          <p className="text-muted-foreground text-sm">
            {view.scanning ? 'Scanning... ' : 'Press "Scan for Devices". '}
            Tip: enable "Share Heart Rate" in your wearable's app so the bridge can see it.
          </p>
        </div>
      )}
    </div>
  );
}
