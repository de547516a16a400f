import type { FastifyPluginAsync } from 'fastify';
import { access } from '../../plugins/access.ts';
import type { AuthService } from '../auth/service.ts';
import type { LiveEventRow, LiveEventsService } from './service.ts';

export interface EventRoutesOptions {
  liveEvents: LiveEventsService;
  auth: AuthService;
  /** A ping at least this often keeps proxies from closing the stream (spec: the client ignores it). */
  pingIntervalMs: number;
}

/**
 * An internal event (never sent to a client): a user's sessions ended (disabled, password changed,
 * signed out everywhere), so their open streams end on every instance, except those of
 * `exceptSessionId`. It travels like any live event: at once here, by NOTIFY to the other instances.
 */
export const STREAMS_ENDED = 'streams-ended';
export interface StreamsEndedData {
  userId: number;
  exceptSessionId: string | null;
}

/** A slow client with more than this unsent is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1_048_576;
const PING = 'data: {"type":"ping"}\n\n';

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
  const { liveEvents, auth } = opts;
  /** How to end each of this instance's open streams (on shutdown). */
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of [...openStreams]) close();
  });

  app.get('/api/events', { config: { access: access.user('patients:read') } }, async (request, reply) => {
    // EventSource sends Last-Event-ID on its own reconnects; a client that reconnects by hand
    // (new EventSource) passes ?lastEventId= instead.
    const header = request.headers['last-event-id'];
    const fromQuery = (request.query as { lastEventId?: string }).lastEventId;
    const lastEventId = Number.parseInt((Array.isArray(header) ? header[0] : header) ?? fromQuery ?? '', 10);
    const stream = await liveEvents.openStream(
      request.user!.id,
      Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : null,
    );

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      // Patient data: never stored by a cache; never transformed (buffered) by a proxy.
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');

    let closed = false;
    const write = (text: string) => {
      if (closed) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) cleanup();
    };

    const ping = setInterval(async () => {
      write(PING);
      // The stream outlives its request: end it when the session ends (logout, expiry).
      if (request.sessionId && !(await auth.isSessionActive(request.sessionId).catch(() => true))) cleanup();
    }, opts.pingIntervalMs);

    function cleanup() {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      stream.close();
      openStreams.delete(cleanup);
      res.end();
    }
    openStreams.add(cleanup);
    request.raw.on('close', cleanup);
    res.on('close', cleanup);

    await stream.start((rows) => {
      for (const row of rows) {
        if (row.type !== STREAMS_ENDED) {
          write(format(row));
          continue;
        }
        const ended = row.data as StreamsEndedData;
        if (ended.userId === request.user!.id && ended.exceptSessionId !== request.sessionId) {
          cleanup();
          return;
        }
      }
    });
  });
};
