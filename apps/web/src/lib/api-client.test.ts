import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  abortSessionRequests,
  apiRequest,
  forgetEarly,
  getJson,
  HttpError,
  isRequestedEarly,
  NetworkError,
  requestEarly,
} from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();

function respond(body: BodyInit | null, init: ResponseInit): void {
  fetchMock.mockResolvedValueOnce(new Response(body, init));
}

function lastInit(): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

vi.stubGlobal('fetch', fetchMock);
// Files share a worker (vitest.config.ts): the stub ends with this file.
afterAll(() => vi.unstubAllGlobals());

afterEach(() => {
  fetchMock.mockReset();
  forgetEarly();
  vi.useRealTimers();
});

describe('apiRequest errors', () => {
  it('uses the error field of a JSON body as the text', async () => {
    respond(
      JSON.stringify({
        error: 'Invalid username or password',
        message: 'Invalid username or password',
        code: 'X',
      }),
      { status: 401, statusText: 'Unauthorized', headers: { 'Content-Type': 'application/json' } },
    );
    const error = await apiRequest('POST', '/api/login', { username: 'a', password: 'b' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('401: Invalid username or password');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Invalid username or password');
    expect(error.body).toContain('"code":"X"');
  });

  it('uses a plain-text body as is', async () => {
    respond('Service temporarily down', { status: 503, statusText: 'Service Unavailable' });
    const error = await apiRequest('GET', '/api/patients').catch((e) => e);
    expect(error.message).toBe('503: Service temporarily down');
    expect(error.serverMessage).toBeNull();
    expect(error.body).toBe('Service temporarily down');
  });

  it('uses the body text when JSON has no error string', async () => {
    respond('{"detail":"nope"}', { status: 400, statusText: 'Bad Request' });
    const error = await apiRequest('GET', '/api/x').catch((e) => e);
    expect(error.message).toBe('400: {"detail":"nope"}');
    expect(error.serverMessage).toBeNull();
  });

  it('falls back to the status text when the body is empty', async () => {
    respond(null, { status: 500, statusText: 'Internal Server Error' });
    const error = await apiRequest('POST', '/api/logout').catch((e) => e);
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.body).toBe('');
  });

  it('reports an unreachable server as a NetworkError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(apiRequest('GET', '/api/user')).rejects.toBeInstanceOf(NetworkError);
  });

  it('returns the raw response on success', async () => {
    respond(null, { status: 204 });
    const res = await apiRequest('POST', '/api/logout');
    expect(res.status).toBe(204);
  });
});

describe('apiRequest request shape', () => {
  it('sends JSON with a JSON content type when there is a body', async () => {
    respond('{"id":1,"username":"nurse"}', { status: 200 });
    await apiRequest('POST', '/api/login', { username: 'nurse', password: 'secret-pass', rememberMe: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'nurse',
      password: 'secret-pass',
      rememberMe: true,
    });
  });

  it('sends no content type and no body without a body', async () => {
    respond(null, { status: 204 });
    await apiRequest('POST', '/api/logout');
    const init = lastInit();
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(init.body).toBeUndefined();
  });

  it('adds the given headers beside the JSON content type', async () => {
    respond('{"count":1,"readings":[]}', { status: 201 });
    await apiRequest(
      'POST',
      '/api/device-readings',
      { patientId: 1 },
      { headers: { 'Idempotency-Key': 'k-1' } },
    );
    const headers = new Headers(lastInit().headers);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(headers.get('Content-Type')).toBe('application/json');

    respond(null, { status: 204 });
    await apiRequest('POST', '/api/logout', undefined, { headers: { 'Idempotency-Key': 'k-2' } });
    expect(new Headers(lastInit().headers).get('Idempotency-Key')).toBe('k-2');
    expect(new Headers(lastInit().headers).has('Content-Type')).toBe(false);
  });

  it('always includes credentials', async () => {
    respond(null, { status: 204 });
    await apiRequest('POST', '/api/logout');
    expect(lastInit().credentials).toBe('include');

    respond('[]', { status: 200 });
    await getJson('/api/patients');
    expect(lastInit().credentials).toBe('include');
  });
});

/** The error a request failed with (a test of a failure fails if it succeeds). */
const failureOf = (request: Promise<unknown>) =>
  request.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error as HttpError,
  );

describe('getJson', () => {
  it('GETs the URL it is given and returns the parsed JSON', async () => {
    respond('{"id":3,"username":"ward7"}', { status: 200 });
    await expect(getJson('/api/user')).resolves.toEqual({ id: 3, username: 'ward7' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
    expect(lastInit().method).toBe('GET');
  });

  it('throws an HttpError carrying the status and the code of the error body', async () => {
    respond('{"error":"Not authenticated","message":"Not authenticated","code":"UNAUTHENTICATED"}', {
      status: 401,
      statusText: 'Unauthorized',
    });
    const error = await failureOf(getJson('/api/user'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('401: Not authenticated');
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('has no code for a body without one', async () => {
    respond('', { status: 500, statusText: 'Internal Server Error' });
    const error = await failureOf(getJson('/api/user'));
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.code).toBeNull();
  });
});

describe('requests started early, as the page starts', () => {
  it('are sent at once, and the first GET of the URL takes the answer instead of asking again', async () => {
    let answerUser: (res: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answerUser = resolve)));
    respond('[{"id":1}]', { status: 200 });
    requestEarly('/api/user');
    requestEarly('/api/patients');
    // The list is asked for before the session has answered.
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/user', '/api/patients']);
    expect(lastInit().credentials).toBe('include');

    await expect(getJson('/api/patients')).resolves.toEqual([{ id: 1 }]);
    answerUser(new Response('{"id":3}', { status: 200 }));
    await expect(getJson('/api/user')).resolves.toEqual({ id: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Taken once: the next request goes to the network.
    respond('[]', { status: 200 });
    await expect(getJson('/api/patients')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('report their failures to the request that takes them, as its own', async () => {
    respond('{"error":"Not authenticated"}', { status: 401, statusText: 'Unauthorized' });
    requestEarly('/api/patients');
    const error = await failureOf(getJson('/api/patients'));
    expect(error.status).toBe(401);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    requestEarly('/api/user');
    await expect(getJson('/api/user')).rejects.toBeInstanceOf(NetworkError);
  });

  it('are not taken by a write, a request with headers of its own or an aborted request', async () => {
    respond('[]', { status: 200 });
    requestEarly('/api/patients');
    respond('{}', { status: 201 });
    await apiRequest('POST', '/api/patients', { name: 'x' });
    respond('[]', { status: 200 });
    await apiRequest('GET', '/api/patients', undefined, { headers: { 'If-None-Match': '"e"' } });
    expect(isRequestedEarly('/api/patients')).toBe(true);
    const aborted = AbortSignal.abort();
    await expect(getJson('/api/patients', aborted)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('are dropped at a change of session, and when nobody took them within 10 s', async () => {
    respond('[{"id":1}]', { status: 200 });
    requestEarly('/api/patients');
    forgetEarly();
    respond('[{"id":2}]', { status: 200 });
    await expect(getJson('/api/patients')).resolves.toEqual([{ id: 2 }]);

    vi.useFakeTimers();
    respond('[{"id":1}]', { status: 200 });
    requestEarly('/api/patients');
    vi.advanceTimersByTime(10_001);
    respond('[{"id":3}]', { status: 200 });
    await expect(getJson('/api/patients')).resolves.toEqual([{ id: 3 }]);
  });
});

describe('background requests answer 401 after sign-out and are not stopped (issue 40 item 9)', () => {
  it('stops every request under way at sign-out, as an abort; later requests go out', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const polling = apiRequest('GET', '/api/patients/7/analysis');
    abortSessionRequests();
    await expect(polling).rejects.toMatchObject({ name: 'AbortError' });
    respond('{}', { status: 200 });
    expect((await apiRequest('GET', '/api/user')).status).toBe(200);
  });
});
