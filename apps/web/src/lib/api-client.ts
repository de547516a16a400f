import { noteAnswer } from './live-position.ts';

/**
 * The only module that calls `fetch` (style habit 9). Every request sends the HttpOnly session
 * cookie; every non-2xx answer becomes an `HttpError` whose message is `${status}: ${text}`
 * (spec point 8, "General").
 */

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The `error` field of a JSON error body (`ApiError`), or null when the body had none. */
  readonly serverMessage: string | null;
  /** The raw response body text ('' when empty). */
  readonly body: string;
  /** The `code` field of a JSON error body (`WHOOP_NOT_CONFIGURED`), or null: why, for code to branch on. */
  readonly code: string | null;

  constructor(
    status: number,
    message: string,
    serverMessage: string | null,
    body: string,
    code: string | null = null,
  ) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
    this.code = code;
  }
}

/** The request never got an answer (server down, Wi-Fi dropped). Distinct from an HTTP error. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A string field of a JSON error body (`{ error, message, code }`), or null. */
function readErrorField(parsed: unknown, field: 'error' | 'code'): string | null {
  // Any JSON value indexes safely (a string or a number has no such field); null short-circuits.
  const value = (parsed as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' && value ? value : null;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Plain-text or empty body: the caller uses it as is.
  }
  const serverMessage = readErrorField(parsed, 'error');
  // A nurse should read "401: Invalid username or password", not a JSON dump.
  const text = serverMessage ?? (body || res.statusText);
  throw new HttpError(
    res.status,
    `${res.status}: ${text}`,
    serverMessage,
    body,
    readErrorField(parsed, 'code'),
  );
}

/**
 * Every request of the signed-in session, so that signing out stops them all: a poll, a heartbeat or
 * a query still in flight would otherwise answer 401 after the sign-out, one after another.
 */
let sessionRequests = new AbortController();

/**
 * Aborts every request under way (as a sign-out does; the sign-out's own request is done by then):
 * each rejects as an abort, which TanStack Query and the callers take as cancelled, not failed.
 * Requests made from now on go out as before.
 */
export function abortSessionRequests(): void {
  sessionRequests.abort();
  sessionRequests = new AbortController();
}

/**
 * Sends a request with cookies and, only when `body` is given, a JSON body with a JSON content type.
 * `headers` adds request headers (e.g. `Idempotency-Key`, so a retried POST is stored once).
 * Returns the raw Response; throws `HttpError` on any non-2xx status.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const headers = { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers };
  // A plain GET that the page's start already sent (requestEarly) takes that answer.
  const started = method === 'GET' && !options.headers ? takeEarly(url) : undefined;
  const session = sessionRequests.signal;
  const signal = options.signal ? AbortSignal.any([options.signal, session]) : session;
  let res: Response;
  try {
    signal.throwIfAborted();
    res = await (started ??
      fetch(url, {
        method,
        headers: Object.keys(headers).length > 0 ? headers : undefined,
        body: hasBody ? JSON.stringify(body) : undefined,
        signal,
        credentials: 'include',
      }));
  } catch (error) {
    // Aborts (unmount, query cancelled) must stay aborts so TanStack Query can ignore them.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('Network error: the Vigil server could not be reached. Check the connection.', {
      cause: error,
    });
  }
  await throwIfNotOk(res);
  noteAnswer(res);
  return res;
}

/** How long an early answer waits to be taken: past it, the first screen has moved on and asks afresh. */
const EARLY_KEPT_MS = 10_000;

const early = new Map<string, { response: Promise<Response>; startedAt: number }>();

/**
 * Starts GET `url` now, as the page's code starts and before React has drawn anything, for an answer
 * the first screen will ask for: the session and the screen's data then travel side by side instead
 * of one after the other (session, then the screen's code, then its data). The first plain
 * `apiRequest('GET', url)` takes this answer instead of asking again; one nobody takes is dropped.
 */
export function requestEarly(url: string): void {
  if (early.has(url)) return;
  const response = fetch(url, { credentials: 'include' });
  // Taken or not, a failure is the taker's to report, never an unhandled rejection.
  response.catch(() => {});
  early.set(url, { response, startedAt: performance.now() });
}

/** Whether an early answer for `url` waits to be taken. */
export const isRequestedEarly = (url: string): boolean => early.has(url);

/** The early answer for `url`, once: the next request for it goes to the network. */
function takeEarly(url: string): Promise<Response> | undefined {
  const request = early.get(url);
  if (!request) return undefined;
  early.delete(url);
  return performance.now() - request.startedAt <= EARLY_KEPT_MS ? request.response : undefined;
}

/**
 * Drops every early answer not yet taken: after a sign-in or sign-out they belong to the session
 * before (one person's patient list must never reach the next one's screen).
 */
export function forgetEarly(): void {
  early.clear();
}

/**
 * GET a JSON answer, for a query's `queryFn` to parse with its schema. Every query names its URL
 * itself: query keys are by meaning (`['patients', 7]`), not URLs, and there is no default fetcher.
 */
export async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  return (await apiRequest('GET', url, undefined, { signal })).json();
}

/** Whether the Vigil server answers at all now (GET /api/health, public). */
export async function isServerReachable(): Promise<boolean> {
  try {
    await apiRequest('GET', '/api/health');
    return true;
  } catch (error) {
    return !(error instanceof NetworkError);
  }
}
