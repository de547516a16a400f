import { CircleAlert, Plug } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '@/components/form/field-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { BridgeConnectionStatus } from '../lib/bridge-client.ts';
import {
  BRIDGE_INSTALL_COMMAND,
  BRIDGE_SIMULATE_FLAG,
  BRIDGE_START_COMMAND,
} from '../lib/bridge-commands.ts';
import { DEFAULT_BRIDGE_URL, parseBridgeUrl } from '../lib/bridge-url.ts';
import { BRIDGE_MAX_RECONNECTS } from '../lib/reconnect-policy.ts';

/** The panel while no bridge is connected: what to do, and the connect button (spec point 2). */
export function BridgeSetup({
  url,
  status,
  reconnectAttempt,
  onConnect,
}: {
  url: string;
  status: Exclude<BridgeConnectionStatus, 'connected'>;
  reconnectAttempt: number;
  onConnect: (url: string) => void;
}) {
  const headingId = useId();
  const addressId = useId();
  const errorId = useId();
  const [address, setAddress] = useState(url);
  const [error, setError] = useState<string | undefined>();
  const isConnecting = status === 'connecting';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseBridgeUrl(address);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    setAddress(parsed.url);
    onConnect(parsed.url);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-lg border border-amber-600/50 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="font-semibold">
            Bridge Connection Required
          </h3>
          <p className="text-sm">
            Wearables that cannot reach this browser connect through the Health Device Bridge, a small program
            running on this computer. Start it, then connect to it here.
          </p>
        </div>
      </div>

      {status === 'reconnecting' && (
        <p role="status" className="text-muted-foreground text-sm">
          The connection to the bridge was lost. Reconnecting (attempt {reconnectAttempt} of{' '}
          {BRIDGE_MAX_RECONNECTS})...
        </p>
      )}

      <div className="flex flex-col gap-2">
        <h4 className="font-medium text-sm">Setup</h4>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground text-sm">
          <li>Download the bridge files: the Vigil repository, which contains apps/bridge.</li>
          <li>
            Install the dependencies in it:{' '}
            <code className="rounded bg-muted px-1 font-mono text-xs">{BRIDGE_INSTALL_COMMAND}</code>
          </li>
          <li>
            Start the server:{' '}
            <code className="rounded bg-muted px-1 font-mono text-xs">{BRIDGE_START_COMMAND}</code> (add{' '}
            <code className="rounded bg-muted px-1 font-mono text-xs">{BRIDGE_SIMULATE_FLAG}</code> for
            simulated devices)
          </li>
          <li>Click "Connect to Bridge Server" below.</li>
        </ol>
      </div>

      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={addressId}>Bridge address</Label>
          <Input
            id={addressId}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder={DEFAULT_BRIDGE_URL}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="font-mono"
          />
        </div>
        <Button type="submit" disabled={isConnecting}>
          <Plug aria-hidden="true" />
          {isConnecting ? 'Connecting to Bridge...' : 'Connect to Bridge Server'}
        </Button>
      </form>
      <FieldError id={errorId} message={error} />

      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary underline underline-offset-4">
          Learn more about the Health Device Bridge
        </summary>
        <div className="mt-2 flex flex-col gap-2 text-muted-foreground">
          <p>
            The bridge scans for Bluetooth health devices (heart rate, battery, thermometer, pulse oximeter,
            blood pressure), shows their values here and, once a device is synced to a patient, uploads every
            reading to that patient's record, holding readings safely while Vigil or the network is down.
          </p>
          <p>
            It listens on {DEFAULT_BRIDGE_URL} unless started with <code className="font-mono">--port</code>{' '}
            or <code className="font-mono">--host</code>, and only accepts pages from the Vigil addresses it
            is configured with (<code className="font-mono">--allowed-origins</code>). Every option is
            described in the README's "Health Device Bridge" section (README.md in the Vigil repository) and
            by <code className="font-mono">npm run bridge -- --help</code>.
          </p>
        </div>
      </details>
    </section>
  );
}
