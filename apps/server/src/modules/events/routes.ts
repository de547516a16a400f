import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { access } from '../../plugins/access.ts';
import type { AuthService } from '../auth/service.ts';
import type { LiveEventRow, LiveEvents } from './live-events.ts';
import type { StreamsRepository } from './streams-repository.ts';

export interface EventRoutesOptions {
  liveEvents: LiveEvents;
  auth: AuthService;
  /** Open streams per user, shared by every instance. */
  streams: StreamsRepository;
  clock: Clock;
  /** Open streams allowed per user (tabs, screens). */
  maxStreamsPerUser: number;
  /** A ping at least this often keeps proxies from closing the stream (spec: the client ignores it). */
  pingIntervalMs: number;
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
 * when the client goes away.
 */
export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, opts) => {
  const { liveEvents, auth, streams, clock } = opts;
  /** This instance's open streams: their registry ids and how to close each. */
  const openStreams = new Map<string, () => void>();

  // The registry rows of open streams are refreshed together, once per ping interval.
  const heartbeat = setInterval(() => {
    void streams.heartbeat([...openStreams.keys()], clock.now()).catch(() => {});
  }, opts.pingIntervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const close of openStreams.values()) close();
  });

  app.get('/api/events', { config: { access: access.user('patients:read') } }, async (request, reply) => {
    const user = request.user!;
    const streamId = await streams.open(user.id, opts.maxStreamsPerUser, clock.now());
    if (!streamId) {
      throw tooManyRequests(
        `At most ${opts.maxStreamsPerUser} live connections per user are allowed; close another Vigil tab.`,
        5,
      );
    }

    // EventSource sends Last-Event-ID on its own reconnects; a client that reconnects by hand
    // (new EventSource) passes ?lastEventId= instead.
    const header = request.headers['last-event-id'];
    const fromQuery = (request.query as { lastEventId?: string }).lastEventId;
    const lastEventId = Number.parseInt((Array.isArray(header) ? header[0] : header) ?? fromQuery ?? '', 10);

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

    // Subscribe before replaying so nothing committed in between is lost; dedupe by id.
    let pending: LiveEventRow[] | null = [];
    const replayed = new Set<number>();
    const unsubscribe = liveEvents.subscribe((rows) => {
      if (pending) pending.push(...rows);
      else for (const row of rows) write(format(row));
    });

    const ping = setInterval(async () => {
      write(PING);
      // The stream outlives its request: end it when the session ends (logout, expiry).
      if (request.sessionId && !(await auth.isSessionActive(request.sessionId).catch(() => true))) cleanup();
    }, opts.pingIntervalMs);

    function cleanup() {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      unsubscribe();
      openStreams.delete(streamId!);
      void streams.close([streamId!]).catch(() => {});
      res.end();
    }
    openStreams.set(streamId, cleanup);
    request.raw.on('close', cleanup);
    res.on('close', cleanup);

    try {
      if (Number.isSafeInteger(lastEventId) && lastEventId >= 0) {
        for (const row of await liveEvents.replayAfter(lastEventId)) {
          replayed.add(row.id);
          write(format(row));
        }
      }
    } catch {
      // The replay is best effort: the client refetches on reconnect anyway.
    }
    const queued = pending;
    pending = null;
    for (const row of queued) if (!replayed.has(row.id)) write(format(row));
  });
};
