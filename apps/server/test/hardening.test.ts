import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';

let t: TestApp;
let cookie: string;
let patientId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  ({ id: patientId } = await admitPatient(t.app, cookie, { name: 'Header Patient', pulse: 72 }));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'GET', url, headers });

describe('response headers', () => {
  it('marks every API answer no-store, errors and unknown paths included', async () => {
    for (const [url, status] of [
      ['/api/patients', 200],
      [`/api/patients/${patientId}`, 200],
      [`/api/patients/${patientId}/analysis`, 200],
      ['/api/user', 200],
      ['/api/patients/999999', 404],
      ['/api/nothing-here', 404],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await get('/api/patients', {})).headers['cache-control']).toBe('no-store');
  });

  it('allows Web Bluetooth and autoplay (the alarm sound) for our own origin only and turns every other feature off', async () => {
    const policy = String((await get('/api/health', {})).headers['permissions-policy']);
    expect(policy).toContain('bluetooth=(self)');
    expect(policy).toContain('autoplay=(self)');
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()', 'serial=()', 'hid=()']) {
      expect(policy).toContain(feature);
    }
  });
});

describe('small rules', () => {
  it('accepts a POST without a body, with or without a JSON content type', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const { cookie: own } = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: own, ...headers },
      });
      expect(res.statusCode).toBe(204);
    }
  });

  it('refuses an Idempotency-Key reused for different readings, and answers a true resend as the first time', async () => {
    const send = (heartRate: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/device-readings',
        headers: { cookie, 'idempotency-key': 'batch-7' },
        payload: { patientId, deviceId: 'idem-1', readingTime: '2026-03-02T07:30:00Z', heartRate },
      });
    const first = await send(80);
    expect(first.statusCode).toBe(201);
    const again = await send(80);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const changed = await send(120);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: 'This Idempotency-Key was already used for different readings; send new readings with a new key',
    });
    const history = await get(`/api/patients/${patientId}/readings?limit=10`);
    const stored = history.json().readings.filter((r: { deviceId: string }) => r.deviceId === 'idem-1');
    expect(stored.map((r: { heartRate: number }) => r.heartRate)).toEqual([80]);
  });

  it('keeps the first revocation time when a token is revoked again', async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/device-tokens',
      headers: { cookie },
      payload: { patientId, label: 'Twice' },
    });
    const id = issued.json().id;
    const first = await t.app.inject({
      method: 'DELETE',
      url: `/api/device-tokens/${id}`,
      headers: { cookie },
    });
    t.clock.advance(60_000);
    const second = await t.app.inject({
      method: 'DELETE',
      url: `/api/device-tokens/${id}`,
      headers: { cookie },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().revokedAt).toBe(first.json().revokedAt);
  });
});

describe('slow clients', () => {
  it('are cut off: a request whose headers never end is answered 408 and closed', async () => {
    const slow = await createTestApp({ env: { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' } });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      expect(slow.app.server.requestTimeout).toBe(2000);
      expect(slow.app.server.headersTimeout).toBe(1000);
      expect(slow.app.server.keepAliveTimeout).toBe(5000);
      const { port } = slow.app.server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      const outcome = await Promise.race([
        new Promise((resolve) => socket.on('close', () => resolve('closed'))),
        new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000)),
      ]);
      socket.destroy();
      expect(outcome).toBe('closed');
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe('logs', () => {
  it('never carry a patient name searched for, nor cookies or tokens', async () => {
    const lines: string[] = [];
    const { database, drop } = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none', LOG_LEVEL: 'info' }),
      database,
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    try {
      const { cookie: own } = await signUp(app);
      await app.inject({
        method: 'GET',
        url: '/api/patients?search=Bartholomew%20Quince',
        headers: { cookie: own },
      });
      await app.inject({
        method: 'POST',
        url: '/api/device-readings',
        headers: { authorization: 'Bearer vgl_dev_secret-token-value' },
        payload: {},
      });
      const log = lines.join('');
      expect(log).toContain('/api/patients'); // requests are logged…
      expect(log).not.toContain('Bartholomew');
      expect(log).not.toContain('Quince');
      expect(log).not.toContain('secret-token-value');
      expect(log).not.toContain(own.split('=')[1]!);
    } finally {
      await app.close();
      await drop();
    }
  });
});
