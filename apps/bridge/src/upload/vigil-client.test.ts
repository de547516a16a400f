import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVigilClient, retryAfterMs } from './vigil-client.ts';

const TOKEN = `vgl_dev_${'a'.repeat(43)}`;
/** The next answer of the fake Vigil, and what it was asked. */
let answer: { status: number; body?: string; headers?: Record<string, string> } = { status: 201 };
const asked: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      asked.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const readings = [{ patientId: 7, deviceId: 'd', readingTime: '2026-03-02T08:00:00.001Z', heartRate: 72 }];
const error = (message: string, code: string) => JSON.stringify({ error: message, message, code });

describe('createVigilClient', () => {
  it('posts a batch with the device token and the Idempotency-Key', async () => {
    answer = { status: 201, body: JSON.stringify({ count: 1, readings: [] }) };
    const outcome = await createVigilClient({ vigilUrl: url }).postReadings(TOKEN, 'bridge-k1', readings);
    expect(outcome).toEqual({ kind: 'stored', count: 1 });
    expect(asked.at(-1)).toMatchObject({
      url: '/api/device-readings',
      headers: { authorization: `Bearer ${TOKEN}`, 'idempotency-key': 'bridge-k1' },
      body: JSON.stringify(readings),
    });
  });

  it.each([
    [503, undefined, { kind: 'transient', retryAfterMs: null }],
    [429, { 'retry-after': '7' }, { kind: 'transient', retryAfterMs: 7000 }],
    [408, undefined, { kind: 'transient' }],
    [401, undefined, { kind: 'token-refused' }],
    [403, undefined, { kind: 'rejected', status: 403, code: 'TOKEN_SCOPE' }],
    [422, undefined, { kind: 'rejected', status: 422, code: 'TOKEN_SCOPE' }],
    [413, undefined, { kind: 'rejected', status: 413 }],
  ])('classifies %i', async (status, headers, expected) => {
    answer = { status, body: error('nope', 'TOKEN_SCOPE'), ...(headers ? { headers } : {}) };
    expect(await createVigilClient({ vigilUrl: url }).postReadings(TOKEN, 'k', readings)).toMatchObject(
      expected,
    );
  });

  it('takes a refused connection or a timeout as transient', async () => {
    const closed = createVigilClient({ vigilUrl: 'http://127.0.0.1:1' });
    expect(await closed.postReadings(TOKEN, 'k', readings)).toMatchObject({ kind: 'transient' });
    const slow = http.createServer(() => {});
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', () => r()));
    const client = createVigilClient({
      vigilUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      timeoutMs: 100,
    });
    expect(await client.postReadings(TOKEN, 'k', readings)).toEqual({
      kind: 'transient',
      reason: 'timed out',
      retryAfterMs: null,
    });
    slow.closeAllConnections();
    slow.close();
  });

  it('rotates a token, and says when the route is missing', async () => {
    const next = `vgl_dev_${'b'.repeat(43)}`;
    answer = {
      status: 201,
      body: JSON.stringify({ id: 3, token: next, expiresAt: '2026-04-01T08:00:00.000Z' }),
    };
    const client = createVigilClient({ vigilUrl: url });
    expect(await client.rotateToken(TOKEN)).toEqual({
      kind: 'rotated',
      token: next,
      expiresAt: '2026-04-01T08:00:00.000Z',
    });
    expect(asked.at(-1)).toMatchObject({
      url: '/api/device-tokens/rotate',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    answer = { status: 404, body: error('No API route POST /api/device-tokens/rotate', 'NOT_FOUND') };
    expect(await client.rotateToken(TOKEN)).toEqual({
      kind: 'unavailable',
      reason: '404 No API route POST /api/device-tokens/rotate',
    });
    answer = { status: 401, body: error('revoked', 'INVALID_DEVICE_TOKEN') };
    expect(await client.rotateToken(TOKEN)).toMatchObject({ kind: 'token-refused' });
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-03-02T08:00:00Z');
  it.each([
    [null, null],
    ['3', 3000],
    ['Mon, 02 Mar 2026 08:00:10 GMT', 10_000],
    ['soon', null],
  ])('%s → %s', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
