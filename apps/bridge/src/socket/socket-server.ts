import http, { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  BRIDGE_MAX_MESSAGE_BYTES,
  BRIDGE_PAIRING_PROTOCOL_PREFIX,
  BRIDGE_PROTOCOL,
  type BridgeAction,
  type BridgeEvent,
  parseBridgeAction,
} from '@vigil/domain';
import { type WebSocket, WebSocketServer } from 'ws';
import { BridgeActionError } from '../devices/action-error.ts';
import type { Logger } from '../log.ts';
import type { PairingVerifier } from './pairing.ts';

/** Pages of one ward station, a few tabs each: more than this is not a person. */
const MAX_CLIENTS = 32;
/** A client this far behind on events is not reading them; it is dropped rather than buffered. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * A page is paired for at most a shift: then it must pair again, with a token only a signed-in
 * session can get, so a page left open after its nurse signed out does not keep the bridge.
 */
const DEFAULT_SESSION_MAX_MS = 12 * 3_600_000;
const CLOSE_PAIR_AGAIN = 4001;

export interface SocketServerOptions {
  host: string;
  port: number;
  allowedOrigins: string[];
  verifier: PairingVerifier;
  log: Logger;
  /** Carries out an action; a BridgeActionError is answered to the sender as an `error` event. */
  onAction(action: BridgeAction): Promise<void>;
  /** What a page gets first: the device list and the scan status. */
  greeting(): BridgeEvent[];
  sessionMaxMs?: number;
}

export interface SocketServer {
  port: number;
  broadcast(event: BridgeEvent): void;
  readonly clientCount: number;
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, message: string) {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}

const send = (ws: WebSocket, event: BridgeEvent) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
};

/**
 * The bridge's WebSocket (spec point 7, "Bridge WebSocket"). Nobody but a signed-in Vigil page can
 * drive it: the handshake must come from an allowed origin (browsers set Origin; a page of another
 * site is refused) and carry a pairing token, offered as the subprotocol `vigil-pair.<token>` since
 * a browser WebSocket can send no header, which the Vigil server confirms. Every message is parsed
 * with the shared schema; nothing a client sends can stop the bridge.
 */
export async function startSocketServer(options: SocketServerOptions): Promise<SocketServer> {
  const { log } = options;
  const clients = new Set<WebSocket>();
  let handshakes = 0;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: BRIDGE_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    // The pairing token is never echoed: the bridge selects the protocol only.
    handleProtocols: (protocols) => (protocols.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });

  const server = http.createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
    res.end('This is the Vigil Health Device Bridge: open it as a WebSocket from the Vigil app.');
  });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {}); // a client gone mid-handshake is not our error
    handshake(req, socket, head).catch((error: unknown) => {
      log.error('handshake failed', { err: error });
      refuse(socket, 500, 'The bridge could not accept this connection; try again.');
    });
  });

  async function handshake(req: http.IncomingMessage, socket: Duplex, head: Buffer) {
    const origin = req.headers.origin;
    if (!origin || !options.allowedOrigins.includes(origin)) {
      log.warn('socket refused: origin not allowed', { origin: origin ?? null });
      return refuse(
        socket,
        403,
        'This page may not use the bridge: its origin is not an allowed Vigil origin.',
      );
    }
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const token = offered
      .find((p) => p.startsWith(BRIDGE_PAIRING_PROTOCOL_PREFIX))
      ?.slice(BRIDGE_PAIRING_PROTOCOL_PREFIX.length);
    // Vigil's tokens are short base64url; anything else is not worth a request to Vigil.
    if (!offered.includes(BRIDGE_PROTOCOL) || !token || !/^[A-Za-z0-9._~-]{1,256}$/.test(token)) {
      log.warn('socket refused: no pairing token');
      return refuse(
        socket,
        401,
        `Offer the subprotocols ${BRIDGE_PROTOCOL} and ${BRIDGE_PAIRING_PROTOCOL_PREFIX}<pairing token>.`,
      );
    }
    if (clients.size + handshakes >= MAX_CLIENTS) {
      return refuse(socket, 503, 'Too many pages are connected to the bridge; close some tabs.');
    }
    handshakes++;
    let result: Awaited<ReturnType<PairingVerifier['verify']>>;
    try {
      result = await options.verifier.verify(token);
    } catch (error) {
      log.error('pairing check failed', { err: error });
      result = { ok: false, reason: 'unavailable', message: 'The pairing could not be checked' };
    } finally {
      handshakes--;
    }
    if (!result.ok) {
      log.warn('socket refused: pairing not confirmed', { reason: result.reason });
      return refuse(socket, result.reason === 'refused' ? 401 : 503, result.message);
    }
    if (socket.destroyed) return;
    const userId = result.user.id;
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, userId));
  }

  function accept(ws: WebSocket, userId: number) {
    clients.add(ws);
    log.info('page connected', { userId, clients: clients.size });
    const expiry = setTimeout(
      () => ws.close(CLOSE_PAIR_AGAIN, 'pair again'),
      Math.min(2 ** 31 - 1, options.sessionMaxMs ?? DEFAULT_SESSION_MAX_MS),
    );
    ws.on('close', () => {
      clearTimeout(expiry);
      clients.delete(ws);
      log.info('page disconnected', { userId, clients: clients.size });
    });
    // Too large a message (maxPayload) ends in an error and a 1009 close; the bridge carries on.
    ws.on('error', (error) => log.warn('socket error', { userId, err: error }));
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        return send(ws, {
          type: 'error',
          code: 'INVALID_MESSAGE',
          message: 'Send actions as JSON text, not binary',
        });
      }
      const parsed = parseBridgeAction(data.toString());
      if (!parsed.ok) return send(ws, { type: 'error', ...parsed.error });
      options.onAction(parsed.value).catch((error: unknown) => {
        if (error instanceof BridgeActionError) {
          send(ws, {
            type: 'error',
            code: error.code,
            message: error.message,
            ...(error.deviceId ? { deviceId: error.deviceId } : {}),
          });
          return;
        }
        log.error('action failed', { action: parsed.value.type, err: error });
        send(ws, {
          type: 'error',
          code: 'INTERNAL',
          message: `The bridge could not ${parsed.value.type}: ${(error as Error)?.message ?? error}`,
        });
      });
    });
    for (const event of options.greeting()) send(ws, event);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error('socket server error', { err: error }));

  return {
    port: (server.address() as AddressInfo).port,
    get clientCount() {
      return clients.size;
    },
    broadcast(event) {
      const text = JSON.stringify(event);
      for (const ws of clients) {
        if (ws.readyState !== ws.OPEN) continue;
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          log.warn('dropping a page that does not read its events');
          ws.terminate();
          continue;
        }
        ws.send(text);
      }
    },
    async close() {
      for (const ws of clients) ws.close(1001, 'bridge stopping');
      await new Promise((r) => setTimeout(r, 100));
      for (const ws of clients) ws.terminate();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      wss.close();
    },
  };
}
