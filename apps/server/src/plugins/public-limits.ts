import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors.ts';
import type { RouteAccess } from './route-access.ts';
import { accessOf } from './route-table.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set on a request to a route that needs no session (declared public or webhook): the audit
     * trail tallies its refusals (decision 030), and `recorded` says one was.
     */
    withoutSession: { recorded: boolean } | null;
  }
}

type Count = { current: number; ttl: number };
type CountCallback = (error: Error | null, result?: Count) => void;
interface Store {
  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  read(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  /** A route's store, from its merged options (continueExceeding, exponentialBackoff …). */
  child(routeOptions: object): Store;
}
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/**
 * @fastify/rate-limit's own in-memory store, answering each request with its count at the moment it
 * was counted. The store answers with its entry object itself, which the other requests of the same
 * event-loop turn go on counting in before the first one reads it: 11 requests arriving together
 * with 10 left were all refused. A copy decides each request by its own place in the count.
 */
class CountedStore implements Store {
  readonly #inner: Store;
  constructor(params: object, inner?: Store) {
    const { continueExceeding = false, exponentialBackoff = false } = params as StoreOptions;
    this.#inner = inner ?? new LocalStore(continueExceeding, exponentialBackoff);
  }
  incr(key: string, callback: CountCallback, timeWindow: number, max: number) {
    this.#inner.incr(key, (error, result) => callback(error, result && { ...result }), timeWindow, max);
  }
  read(key: string, callback: CountCallback, timeWindow: number, max: number) {
    this.#inner.read(key, (error, result) => callback(error, result && { ...result }), timeWindow, max);
  }
  child(routeOptions: object) {
    return new CountedStore(routeOptions, this.#inner.child(routeOptions));
  }
}

/** A route anyone can call: no session, no token (a webhook's handler checks its signature itself). */
export const isWithoutSession = (rule: RouteAccess | undefined) =>
  rule?.kind === 'public' || rule?.kind === 'webhook';

/** A route's own limit, in the options of @fastify/rate-limit (per client address). */
export interface RouteRateLimit {
  max: number;
  timeWindow: number | string;
}

export interface PublicLimitOptions {
  /** Requests per minute per client address a route without a session takes unless it declares its own. */
  requestsPerMinute: number;
  /** How long the trail notes an address's rate-limited requests once (the refusal tally's window). */
  limitedNoteWindowMs: number;
  /** Records a refusal the route's handler did not record itself (the trail tallies it). */
  recordRefusal(request: FastifyRequest, detail: string): Promise<unknown>;
}

/**
 * The rule for every route without a session, from its declared access, so a new public route gets
 * it without asking (decision 030):
 * - a rate limit per client address (`request.ip`, which follows TRUST_PROXY), from
 *   @fastify/rate-limit, unless the route declares its own (`config.rateLimit`); past it a 429
 *   costs no database work. The counts are this instance's (in memory).
 * - its refusals in the audit trail, tallied per address and window (audit/refusal-tally.ts): a
 *   refusal the handler records itself is tallied by the audit service; any other 4xx answer is
 *   recorded here; a rate-limited address is noted once per window and instance.
 */
export async function registerPublicLimits(app: FastifyInstance, options: PublicLimitOptions) {
  app.decorateRequest('withoutSession', null);
  // Before @fastify/rate-limit's own onRoute hook (registered below), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    if (!isWithoutSession(accessOf(route))) return;
    const config = route.config as { rateLimit?: RouteRateLimit | false };
    config.rateLimit ??= { max: options.requestsPerMinute, timeWindow: 60_000 };
  });
  await app.register(rateLimit, {
    global: false,
    store: CountedStore,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many requests from this address: at most ${context.max} in ${context.after === '1 minute' ? 'a minute' : context.after}. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
  // One note per address and window of the requests the limit refused: a flood past the limit
  // writes nothing per request.
  const limitedNote = app.createRateLimit({ max: 1, timeWindow: options.limitedNoteWindowMs });

  // On the answer, before it leaves, so the trail has it when the client reads the refusal.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const status = reply.statusCode;
    if (status < 400 || status >= 500 || request.is404) return payload;
    if (!isWithoutSession(request.routeOptions.config.access)) return payload;
    request.withoutSession ??= { recorded: false };
    if (request.withoutSession.recorded) return payload;
    let detail = String(status);
    if (status === 429) {
      const note = await limitedNote(request);
      if (!note.isAllowed && note.isExceeded) return payload;
      detail = '429 rate limited';
    }
    await options.recordRefusal(request, detail).catch((error: unknown) => {
      request.log.error({ err: { message: (error as Error).message } }, 'refusal not recorded');
    });
    return payload;
  });
}
