import type { UseQueryResult } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { Bluetooth, FlaskConical, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { patientLabel, sortedByName } from '@/lib/patient-label.ts';
import { useSimulationAvailable } from '@/lib/server-config.ts';
import type { useDeviceActions } from '../hooks/use-device-actions.ts';

/**
 * Card 2, "Connect New Device" (spec point 2): the patient (a demo patient named as such), "Scan for
 * Devices" ("Scanning..." while busy) and, only without Web Bluetooth, on a server that accepts
 * simulated devices, and for a patient marked "Demo patient", "Use Demo Device": simulated values
 * never reach a real patient. The selection is the page's (a disconnect of the selected patient's
 * device clears it).
 */
export function ConnectDeviceCard({
  patientId,
  onPatientChange,
  isSupported,
  actions,
  patients,
}: {
  patientId: number | null;
  onPatientChange(id: number | null): void;
  isSupported: boolean;
  actions: ReturnType<typeof useDeviceActions>;
  /** The ward's patients to choose from (the page's query). */
  patients: UseQueryResult<Patient[]>;
}) {
  const titleId = useId();
  const selectId = useId();
  const { busy, error } = actions;
  const simulation = useSimulationAvailable();
  const selected = patients.data?.find((p) => p.id === patientId);
  const canUseDemo = !isSupported && simulation === true && selected?.isDemo === true;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Bluetooth className="size-5 text-primary" aria-hidden="true" />
          Connect New Device
        </CardTitle>
        <CardDescription>
          Choose the patient, then pair a heart-rate monitor or other health device.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={selectId}>Patient</Label>
          <NativeSelect
            id={selectId}
            value={patientId === null ? '' : String(patientId)}
            onChange={(event) => onPatientChange(event.target.value ? Number(event.target.value) : null)}
            disabled={patients.isPending}
          >
            <option value="">Select a patient</option>
            {sortedByName(patients.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {patientLabel(p)}
              </option>
            ))}
          </NativeSelect>
          {patients.isError && (
            <p role="alert" className="text-destructive text-sm">
              Failed to fetch patients
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void actions.scan(patientId)} disabled={busy !== null}>
            {busy === 'scan' ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Bluetooth aria-hidden="true" />
            )}
            {busy === 'scan' ? 'Scanning...' : 'Scan for Devices'}
          </Button>
          {canUseDemo && (
            <Button variant="outline" onClick={() => void actions.demo(patientId)} disabled={busy !== null}>
              {busy === 'demo' ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <FlaskConical aria-hidden="true" />
              )}
              Use Demo Device
            </Button>
          )}
        </div>
        {!isSupported && simulation === true && !canUseDemo && (
          <p className="text-muted-foreground text-sm" data-demo-hint="">
            The demo device is offered for patients marked "Demo patient" only: simulated values never reach a
            real patient's record.
          </p>
        )}
        <div aria-live="polite">
          {error && (
            <p role="alert" className="text-destructive text-sm" data-connect-error="">
              {error}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
