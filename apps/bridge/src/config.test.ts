import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('defaults to loopback, port 8765 and the local Vigil', () => {
    expect(loadConfig([], {})).toEqual({
      vigilUrl: 'http://localhost:5000',
      readingsEndpoint: 'http://localhost:5000/api/device-readings',
      host: '127.0.0.1',
      port: 8765,
      allowedOrigins: ['http://localhost:5000', 'http://127.0.0.1:5000'],
      dataDir: path.join(REPO_ROOT, '.bridge-data'),
      simulate: false,
      logLevel: 'info',
      batchSize: 100,
      retryMaxMs: 30_000,
      simIntervalMs: 1000,
      compactAfter: 5000,
    });
  });

  it('takes environment variables, and flags over them', () => {
    const config = loadConfig(['--port', '9000', '--simulate', '--vigil-url', 'https://vigil.example.org/'], {
      BRIDGE_PORT: '7000',
      BRIDGE_SIMULATE: 'false',
      BRIDGE_ALLOWED_ORIGINS: 'https://vigil.example.org, http://localhost:5173',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 9000,
      simulate: true,
      vigilUrl: 'https://vigil.example.org',
      readingsEndpoint: 'https://vigil.example.org/api/device-readings',
      allowedOrigins: ['https://vigil.example.org', 'http://localhost:5173'],
      logLevel: 'debug',
    });
    expect(loadConfig([], { BRIDGE_SIMULATE: 'true' })).toMatchObject({ simulate: true });
  });

  it('fails fast naming each bad value and where it came from', () => {
    expect(() =>
      loadConfig(['--port', '99999'], { VIGIL_URL: 'vigil.local', BRIDGE_BATCH_SIZE: '1000' }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  VIGIL_URL=vigil.local: must be an http:// or https:// URL, e.g. http://localhost:5000\n' +
          '  --port 99999: must be a whole number 0–65535\n' +
          '  BRIDGE_BATCH_SIZE=1000: must be a whole number 1–500',
      ),
    );
    expect(() => loadConfig(['--allowed-origins', 'http://localhost:5000/app'], {})).toThrow(/origin only/);
    expect(() => loadConfig(['--bogus'], {})).toThrow(/Unknown option '--bogus'/);
  });

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', 'localhost', '::1'].map(isLoopbackHost)).toEqual([true, true, true]);
    expect(['0.0.0.0', '192.168.1.4'].map(isLoopbackHost)).toEqual([false, false]);
  });
});
