import type { QueryFunction } from '@tanstack/react-query';

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

  constructor(status: number, message: string, serverMessage: string | null, body: string) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** The request never got an answer (server down, Wi-Fi dropped). Distinct from an HTTP error. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function readErrorField(body: string): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') {
      return parsed.error || null;
    }
  } catch {
    // Plain-text body: the caller uses it as is.
  }
  return null;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  const serverMessage = readErrorField(body);
  // A nurse should read "401: Invalid username or password", not a JSON dump.
  const text = serverMessage ?? (body || res.statusText);
  throw new HttpError(res.status, `${res.status}: ${text}`, serverMessage, body);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    // Aborts (unmount, query cancelled) must stay aborts so TanStack Query can ignore them.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('Network error: the Vigil server could not be reached. Check the connection.', {
      cause: error,
    });
  }
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
  const res = await send(url, {
    method,
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  await throwIfNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Query keys are URL segments: `['/api/patients', 7]` fetches `/api/patients/7`. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

/**
 * The default query: GET the URL named by the query key and return the parsed JSON.
 * With `on401: 'returnNull'` an unauthenticated answer resolves to null instead of throwing.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await send(queryKeyToUrl(queryKey), { method: 'GET', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
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
