import {
  BRIDGE_PROTOCOL,
  BridgeAction,
  type BridgeEvent,
  bridgeSubprotocols,
  parseBridgeEvent,
} from '@vigil/domain';
import { applyBridgeEvent, type BridgeView, EMPTY_BRIDGE_VIEW } from './bridge-view.ts';
import { bridgeReconnectDelay } from './reconnect-policy.ts';

export const BRIDGE_CONNECT_FAILED = 'Failed to connect to Bluetooth bridge server';

export type BridgeConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

export interface BridgeSnapshot {
  status: BridgeConnectionStatus;
  /** While reconnecting: which attempt (1–5) comes next. */
  reconnectAttempt: number;
  view: BridgeView;
}

/** What the page should tell the person, apart from the panel itself (the toasts). */
export type BridgeNotice =
  | { kind: 'connected'; reconnected: boolean }
  /** The connect the person asked for did not succeed. */
  | { kind: 'connectFailed'; message: string }
  /** The connection dropped and 5 reconnects did not bring it back. */
  | { kind: 'lost' }
  | { kind: 'event'; event: BridgeEvent }
  /** The bridge sent something the shared schema refuses; it is ignored. */
  | { kind: 'invalidMessage'; message: string };

/** The part of the browser's WebSocket the client uses (a fake one in unit tests). */
export interface BridgeSocket {
  readonly protocol: string;
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type BridgeSocketFactory = (url: string, protocols: string[]) => BridgeSocket;

const OPEN = 1;

export interface BridgeClientOptions {
  /** ws://host:port of the bridge. */
  url: string;
  /** A fresh one-time pairing token from Vigil (POST /api/bridge/pairings), for every (re)connect. */
  getPairingToken: () => Promise<string>;
  onNotice?: (notice: BridgeNotice) => void;
  createSocket?: BridgeSocketFactory;
}

/**
 * The page's end of the Bridge WebSocket (spec point 7; decision 009): pairs with a token from Vigil
 * offered as a subprotocol, parses every event with the shared zod schemas, validates every action
 * before it is sent, and after a drop reconnects at most 5 times, 2 s × the attempt number apart.
 * Framework-free; `useBridge` binds it to React through subscribe/getSnapshot.
 */
export class BridgeClient {
  private snapshot: BridgeSnapshot = { status: 'disconnected', reconnectAttempt: 0, view: EMPTY_BRIDGE_VIEW };
  private readonly listeners = new Set<() => void>();
  private socket: BridgeSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every connect/disconnect, so a late answer of an abandoned attempt is ignored. */
  private generation = 0;
  private readonly createSocket: BridgeSocketFactory;

  constructor(private readonly options: BridgeClientOptions) {
    this.createSocket =
      options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as BridgeSocket);
  }

  get url(): string {
    return this.options.url;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): BridgeSnapshot => this.snapshot;

  /** Connects (the person pressed "Connect to Bridge Server"); a no-op while connecting or connected. */
  connect(): void {
    if (this.snapshot.status === 'connecting' || this.snapshot.status === 'connected') return;
    this.stopTimer();
    this.generation++;
    this.set({ status: 'connecting', reconnectAttempt: 0 });
    void this.open(this.generation, false);
  }

  /** Closes the socket for good (the page unmounts or the person leaves the bridge). */
  disconnect(): void {
    this.generation++;
    this.stopTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'page closed');
    }
    this.set({ status: 'disconnected', reconnectAttempt: 0, view: EMPTY_BRIDGE_VIEW });
  }

  /**
   * Sends an action after checking it against the shared schema. Throws with the schema's message
   * when the action is malformed, and when the bridge is not connected.
   */
  send(action: BridgeAction): void {
    const parsed = BridgeAction.safeParse(action);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.map(String).join('.');
      throw new Error(`${action.type}${path ? `.${path}` : ''}: ${issue.message}`);
    }
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.snapshot.status !== 'connected') {
      throw new Error('The bridge is not connected. Connect to the bridge server first.');
    }
    socket.send(JSON.stringify(parsed.data));
  }

  private async open(generation: number, isReconnect: boolean): Promise<void> {
    let token: string;
    try {
      token = await this.options.getPairingToken();
    } catch (error) {
      if (generation !== this.generation) return;
      this.failed(generation, isReconnect, error instanceof Error && error.message ? error.message : null);
      return;
    }
    if (generation !== this.generation) return;

    let socket: BridgeSocket;
    try {
      socket = this.createSocket(this.options.url, bridgeSubprotocols(token));
    } catch (error) {
      // A malformed URL or a blocked port throws synchronously.
      this.failed(generation, isReconnect, error instanceof Error && error.message ? error.message : null);
      return;
    }
    this.socket = socket;
    let opened = false;

    socket.onopen = () => {
      if (generation !== this.generation) return;
      if (socket.protocol !== BRIDGE_PROTOCOL) {
        // Not a Vigil bridge (or an incompatible version) listening on that port.
        socket.onclose = null;
        socket.close(1002, 'unsupported protocol');
        this.socket = null;
        this.failed(generation, isReconnect, `The server at ${this.options.url} is not a Vigil bridge`);
        return;
      }
      opened = true;
      this.set({ status: 'connected', reconnectAttempt: 0 });
      this.notify({ kind: 'connected', reconnected: isReconnect });
    };

    socket.onmessage = (message) => {
      if (generation !== this.generation) return;
      if (typeof message.data !== 'string') {
        this.notify({ kind: 'invalidMessage', message: 'The bridge sent a binary message' });
        return;
      }
      const parsed = parseBridgeEvent(message.data);
      if (!parsed.ok) {
        this.notify({ kind: 'invalidMessage', message: parsed.error.message });
        return;
      }
      this.set({ view: applyBridgeEvent(this.snapshot.view, parsed.value) });
      this.notify({ kind: 'event', event: parsed.value });
    };

    socket.onclose = () => {
      if (generation !== this.generation) return;
      this.socket = null;
      if (opened) {
        // It was up and dropped (bridge stopped, computer slept, pairing expired with 4001).
        this.set({ view: EMPTY_BRIDGE_VIEW });
        this.scheduleReconnect(generation, 0);
      } else {
        this.failed(generation, isReconnect, null);
      }
    };
    // The close that follows an error says what there is to say; a browser gives no reason.
    socket.onerror = () => {};
  }

  /** An attempt did not get through: the first one is reported; a reconnect tries again. */
  private failed(generation: number, isReconnect: boolean, message: string | null): void {
    if (isReconnect) {
      this.scheduleReconnect(generation, this.snapshot.reconnectAttempt);
      return;
    }
    this.set({ status: 'disconnected', reconnectAttempt: 0, view: EMPTY_BRIDGE_VIEW });
    this.notify({ kind: 'connectFailed', message: message ?? BRIDGE_CONNECT_FAILED });
  }

  private scheduleReconnect(generation: number, attemptsSoFar: number): void {
    const attempt = attemptsSoFar + 1;
    const delay = bridgeReconnectDelay(attempt);
    if (delay === null) {
      this.set({ status: 'disconnected', reconnectAttempt: 0, view: EMPTY_BRIDGE_VIEW });
      this.notify({ kind: 'lost' });
      return;
    }
    this.set({ status: 'reconnecting', reconnectAttempt: attempt });
    this.stopTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (generation !== this.generation) return;
      void this.open(generation, true);
    }, delay);
  }

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(change: Partial<BridgeSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private notify(notice: BridgeNotice): void {
    this.options.onNotice?.(notice);
  }
}
