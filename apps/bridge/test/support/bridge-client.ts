import { type BridgeAction, bridgeSubprotocols, parseBridgeEvent } from '@vigil/domain';
import WebSocket from 'ws';
import { EventLog } from '../event-log.ts';

export interface BridgeClient {
  ws: WebSocket;
  events: EventLog;
  /** Messages that did not parse with the shared schema (a test fails on any). */
  invalid: string[];
  send(action: BridgeAction): void;
  close(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

export class HandshakeRefused extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`handshake refused: ${status} ${body}`);
    this.status = status;
    this.body = body;
  }
}

/** A page's WebSocket to the bridge, as `new WebSocket(url, protocols)` in a browser at `origin`. */
export function connectBridge(
  url: string,
  options: { origin?: string; pairingToken?: string; protocols?: string[] },
): Promise<BridgeClient> {
  const protocols = options.protocols ?? bridgeSubprotocols(options.pairingToken ?? '');
  const ws = new WebSocket(url, protocols, options.origin ? { origin: options.origin } : {});
  const events = new EventLog();
  const invalid: string[] = [];
  ws.on('message', (data) => {
    const parsed = parseBridgeEvent(data.toString());
    if (parsed.ok) events.push(parsed.value);
    else invalid.push(`${parsed.error.message}: ${data.toString().slice(0, 300)}`);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => reject(new HandshakeRefused(res.statusCode ?? 0, body)));
    });
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        events,
        invalid,
        closed,
        send: (action) => ws.send(JSON.stringify(action)),
        async close() {
          if (ws.readyState === ws.CLOSED) return;
          ws.close();
          await closed;
        },
      }),
    );
  });
}
