import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * An instance's shutdown as a load balancer needs it (decision 032). On SIGTERM (main.ts) the
 * instance first says it is not ready (`GET /api/ready` answers 503) while it goes on answering
 * everything, long enough for the balancer's health check to notice (`SHUTDOWN_DRAIN_SECONDS`);
 * then it hands its event streams over (each client is told to reconnect, and reaches another
 * instance), lets the requests in flight finish, and only then closes: its background work stops
 * after the run in flight, which other instances take over from the database.
 */
export interface Lifecycle {
  /** Set from the moment a shutdown begins: the instance should get no new traffic. */
  readonly isDraining: boolean;
  /** Something to end when the drain has waited out the balancer: the event streams. */
  onDrain(handler: () => void): void;
}

export interface DrainOptions {
  /** How long to answer as before while not ready, before anything is ended. */
  delayMs: number;
  /** How long the requests in flight may take to finish. */
  timeoutMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops this instance taking traffic without losing any: not ready, then (after `delayMs`) its
     * streams handed over and its requests in flight finished (at most `timeoutMs`). Call
     * `close()` after it. Resolves with how many requests were still unfinished (0 normally).
     */
    drain(options: DrainOptions): Promise<number>;
  }
}

export function createLifecycle(): Lifecycle & { beginDrain(): (() => void)[] } {
  let draining = false;
  const handlers: (() => void)[] = [];
  return {
    get isDraining() {
      return draining;
    },
    onDrain(handler) {
      handlers.push(handler);
    },
    /** Marks the instance draining; returns what to end once the balancer has let it go. */
    beginDrain() {
      draining = true;
      return handlers;
    },
  };
}

/** Counts the requests in flight and gives the app its `drain`. */
export function registerLifecycle(
  app: FastifyInstance,
  lifecycle: ReturnType<typeof createLifecycle>,
  metrics?: { countInFlightWith(count: () => number): void },
) {
  let inFlight = 0;
  metrics?.countInFlightWith(() => inFlight);
  let onIdle: (() => void) | null = null;
  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    // `close` comes when the answer is sent or the connection is gone, hijacked streams included.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    });
  });

  app.decorate('drain', async ({ delayMs, timeoutMs }: DrainOptions): Promise<number> => {
    const handlers = lifecycle.beginDrain();
    app.log.info({ delayMs }, 'draining: not ready for new traffic');
    if (delayMs > 0) await sleep(delayMs);
    for (const handler of handlers) handler();
    if (inFlight > 0) {
      const idle = new Promise<void>((resolve) => {
        onIdle = resolve;
      });
      const timeout = new AbortController();
      await Promise.race([idle, sleep(timeoutMs, undefined, { signal: timeout.signal }).catch(() => {})]);
      timeout.abort();
      onIdle = null;
    }
    app.log.info({ unfinished: inFlight }, 'drained');
    return inFlight;
  });
}
