import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BluetoothUnsupportedNotice } from '@/features/bluetooth/components/bluetooth-unsupported-notice.tsx';
import { ConnectDeviceCard } from '@/features/bluetooth/components/connect-device-card.tsx';
import { ConnectedDevicesCard } from '@/features/bluetooth/components/connected-devices-card.tsx';
import { useBluetoothLimitedToast } from '@/features/bluetooth/hooks/use-bluetooth-limited-toast.ts';
import { useDeviceActions } from '@/features/bluetooth/hooks/use-device-actions.ts';
import { isWebBluetoothSupported } from '@/features/bluetooth/lib/bluetooth-support.ts';
import { BridgePanel } from '@/features/bridge/components/bridge-panel.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { useSimulationAvailable } from '@/lib/server-config.ts';

/**
 * `/bluetooth-manager`: the Bluetooth Device Manager (spec point 2). The page asks for the ward's
 * patients once and gives them to the bridge and Bluetooth cards, which choose and name patients.
 */
export function BluetoothManagerPage() {
  const [patientId, setPatientId] = useState<number | null>(null);
  const patients = useQuery(getPatientsQueryOptions());
  const actions = useDeviceActions();
  const isSupported = isWebBluetoothSupported();
  const simulation = useSimulationAvailable();
  useBluetoothLimitedToast();

  useDocumentTitle('Bluetooth Device Manager');

  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl tracking-tight md:text-3xl">Bluetooth Device Manager</h1>
        <p className="text-muted-foreground">
          Connect and manage Bluetooth health devices for patient monitoring.
        </p>
      </header>
      {!isSupported && <BluetoothUnsupportedNotice simulation={simulation} />}
      {/* Card 1: the Health Device Bridge (decision 009) */}
      <BridgePanel patients={patients} />
      <ConnectDeviceCard
        patientId={patientId}
        onPatientChange={setPatientId}
        isSupported={isSupported}
        actions={actions}
        patients={patients}
      />
      <ConnectedDevicesCard
        actions={actions}
        patients={patients.data}
        onDisconnected={(row) => {
          // Spec point 4: disconnecting the selected device clears the selection.
          if (row.patientId === patientId) setPatientId(null);
        }}
      />
    </div>
  );
}
