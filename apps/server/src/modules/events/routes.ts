import type { ServerResponse } from 'node:http';
import type { WardScope } from '@vigil/domain';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import type { AuthService } from '../auth/service.ts';
import { endsStream, internalDataOf, isInternalEvent, STREAMS_ENDED } from './internal-events.ts';
import type { LiveEventRow, LiveEventsService } from './service.ts';

export interface EventRoutesOptions {
  liveEvents: LiveEventsService;
  auth: AuthService;
  /** A ping at least this often keeps proxies from closing the stream (spec: the client ignores it). */
  pingIntervalMs: number;
  /** The instance's shutdown: new streams are refused while it drains, and open ones handed over. */
  lifecycle: { readonly isDraining: boolean; onDrain(handler: () => void): void };
  metrics?: { countStreamsWith(count: () => number): void; eventsDelivered(count: number): void };
}

/** A slow client with more than this unsent is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1_048_576;
const PING = 'data: {"type":"ping"}\n\n';

/**
 * How soon a stream ended by a restart is to be opened again, on another instance (decision 032):
 * the SSE `retry` field for any EventSource, and a `stream-ending` event for Vigil's own client,
 * which reconnects at a random moment within it so a ward's screens do not all arrive at once.
 */
export const HANDOVER_WITHIN_MS = 500;
const HANDOVER = `retry: ${HANDOVER_WITHIN_MS}\ndata: ${JSON.stringify({
  type: 'stream-ending',
  data: { reconnectWithinMs: HANDOVER_WITHIN_MS },
})}\n\n`;

/** A stream asked of an instance that is shutting down: the load balancer sends it elsewhere. */
const shuttingDown = () =>
  new AppError(
    503,
    'SHUTTING_DOWN',
    'This server is restarting; connect again and another one will answer.',
    { 'retry-after': '1' },
  );

/** Fastify's listener on a response's end: it holds the request and reply to log their end. */
const FASTIFY_END_LISTENER = 'onResFinished';

/**
 * Removes Fastify's listener from a hijacked response. Fastify keeps its request and reply, with
 * their logger, until the response ends, to log "request completed" then; a stream lasts hours, and
 * those were a sixth of its memory. The stream logs its own end instead.
 */
function releaseFastify(res: ServerResponse): void {
  for (const event of ['finish', 'error'] as const) {
    for (const listener of res.listeners(event)) {
      if (listener.name === FASTIFY_END_LISTENER) res.removeListener(event, listener as () => void);
    }
  }
}

/**
 * Whether a stream of this scope carries an event (decision 035): an event of a ward only to those
 * who see the ward; one of no ward (the whole hospital's, no patient's data) to everyone; a
 * patient's event whose ward is unknown to the hospital-wide only.
 */
export function streamCarries(scope: WardScope, row: Pick<LiveEventRow, 'wardId' | 'patientId'>): boolean {
  if (scope.all) return true;
  if (row.wardId === null) return row.patientId === null;
  return scope.wardIds.includes(row.wardId);
}

/** One serialisation per event, shared by every open stream. */
const wire = new WeakMap<LiveEventRow, string>();
function format(row: LiveEventRow): string {
  let text = wire.get(row);
  if (!text) {
    text = `id: ${row.id}\ndata: ${JSON.stringify({ id: row.id, type: row.type, patientId: row.patientId, data: row.data })}\n\n`;
    wire.set(row, text);
  }
  return text;
}

/**
 * GET /api/events: server-sent events. Replays what a reconnecting client missed (Last-Event-ID),
 * then streams live events; pings keep it open and re-check the session; everything is released
 * when the client goes away. A long-lived answer: besides opening the stream, its pings ask the
 * auth service whether the session still holds.
 */
export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, opts) => {
  const { liveEvents, auth, lifecycle, metrics } = opts;
  /** How to end each of this instance's open streams (on shutdown: with the handover's hint). */
  const openStreams = new Set<(farewell?: string) => void>();
  metrics?.countStreamsWith(() => openStreams.size);
  // Draining: each client is told to reconnect, and the balancer sends it to another instance.
  lifecycle.onDrain(() => {
    for (const end of [...openStreams]) end(HANDOVER);
  });
  /** Each open stream's ping, with the session it lives on. */
  const pinged = new Map<() => void, { write(text: string): void; sessionId: string | null }>();
  // One timer for every stream (not one each: a timer and its closure per client were a good part
  // of a stream's memory), and one check per session however many streams it has open.
  let pingTimer: NodeJS.Timeout | null = null;
  async function pingAll() {
    const bySession = new Map<string, (() => void)[]>();
    for (const [cleanup, { write, sessionId }] of pinged) {
      write(PING);
      if (sessionId) bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), cleanup]);
    }
    // The streams outlive their requests: they end when their session ends (logout, expiry).
    for (const [sessionId, cleanups] of bySession) {
      if (!(await auth.isSessionActive(sessionId).catch(() => true))) for (const c of cleanups) c();
    }
  }
  app.addHook('onClose', async () => {
    for (const close of [...openStreams]) close();
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
  });

  // Every patient's changes as they happen: opening a stream is a read of them all (audited).
  const config = {
    access: access.user('patients:read', { reads: 'LiveEvents' }),
    openapi: {
      answers: [
        {
          status: 200,
          description: 'Server-sent events, one per live event',
          contentType: 'text/event-stream',
        },
      ],
    },
  };
  const schema = { ...operation('Events', 'streamEvents', 'Live events (server-sent events)') };
  app.get('/api/events', { config, schema }, async (request, reply) => {
    if (lifecycle.isDraining) throw shuttingDown();
    // A hijacked answer skips the onSend hook that audits reads: recorded here, before anything is sent.
    await request.auditRead();
    // EventSource sends Last-Event-ID on its own reconnects; a client that reconnects by hand
    // (new EventSource) passes ?lastEventId= instead.
    const header = request.headers['last-event-id'];
    const fromQuery = (request.query as { lastEventId?: string }).lastEventId;
    const lastEventId = Number.parseInt((Array.isArray(header) ? header[0] : header) ?? fromQuery ?? '', 10);
    // What the stream's closures need of the request, copied: they outlive it, and a closure that
    // read `request` would keep the whole request object for the stream's life.
    const userId = request.user!.id;
    const sessionId = request.sessionId;
    // The wards of the session as the stream opens: a change of them ends the stream (decision 035).
    const scope = request.wards!;
    const requestId = request.id;
    const stream = await liveEvents.openStream(
      userId,
      Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : null,
    );

    reply.hijack();
    const res = reply.raw;
    releaseFastify(res);
    const openedAt = performance.now();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      // Patient data: never stored by a cache; never transformed (buffered) by a proxy.
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // Sent on their own, the headers are written as the very string the response keeps for the
    // stream's life, which writing flattens into one piece; sent with the first chunk, a copy is
    // written and the kept one stays a tree of some seventy pieces (about 2 KiB for each stream).
    res.flushHeaders();
    res.write('retry: 2000\n\n');
    // First, where the stream starts: the client reads again what it read before this position.
    res.write(`data: ${JSON.stringify({ type: 'stream-opened', data: { position: stream.position } })}\n\n`);

    let closed = false;
    const write = (text: string) => {
      if (closed) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) cleanup();
    };

    pinged.set(cleanup, { write, sessionId });
    pingTimer ??= setInterval(() => void pingAll(), opts.pingIntervalMs);

    function cleanup(farewell?: string) {
      if (closed) return;
      if (farewell) res.write(farewell);
      closed = true;
      pinged.delete(cleanup);
      if (pinged.size === 0 && pingTimer) {
        clearInterval(pingTimer);
        pingTimer = null;
      }
      stream.close();
      openStreams.delete(cleanup);
      res.end();
      // What Fastify logs at a request's end, which it no longer sees (releaseFastify).
      app.log.info({ reqId: requestId, responseTime: performance.now() - openedAt }, 'event stream closed');
    }
    openStreams.add(cleanup);
    request.raw.on('close', cleanup);
    res.on('close', cleanup);

    await stream.start((rows) => {
      let written = 0;
      for (const row of rows) {
        if (!isInternalEvent(row.type)) {
          if (!streamCarries(scope, row)) continue;
          write(format(row));
          written++;
          continue;
        }
        // Of the internal events, never sent, one ends streams.
        const ended = internalDataOf(row, STREAMS_ENDED);
        if (ended && endsStream(ended, userId, sessionId)) {
          cleanup();
          break;
        }
      }
      metrics?.eventsDelivered(written);
    });
  });
};
