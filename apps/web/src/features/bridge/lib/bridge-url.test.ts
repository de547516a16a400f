import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_URL, loadBridgeUrl, parseBridgeUrl, saveBridgeUrl } from './bridge-url.ts';

describe('bridge address', () => {
  it('accepts ws:// and wss:// hosts with ports, adding ws:// when left out', () => {
    expect(parseBridgeUrl(' ws://127.0.0.1:8765 ')).toEqual({ ok: true, url: 'ws://127.0.0.1:8765' });
    expect(parseBridgeUrl('wss://bridge.ward.local/')).toEqual({ ok: true, url: 'wss://bridge.ward.local' });
    expect(parseBridgeUrl('localhost:9000')).toEqual({ ok: true, url: 'ws://localhost:9000' });
  });

  it('refuses what is not a bridge address, saying why', () => {
    expect(parseBridgeUrl('')).toMatchObject({ ok: false, error: expect.stringContaining('Enter') });
    expect(parseBridgeUrl('http://127.0.0.1:8765')).toMatchObject({
      ok: false,
      error: 'The bridge address must start with ws:// or wss://',
    });
    expect(parseBridgeUrl('ws://127.0.0.1:8765/other?x=1')).toMatchObject({ ok: false });
    expect(parseBridgeUrl('ws://bad host')).toMatchObject({ ok: false });
  });

  it('remembers the last address and ignores a broken one', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(loadBridgeUrl(storage)).toBe(DEFAULT_BRIDGE_URL);
    saveBridgeUrl('ws://127.0.0.1:9100', storage);
    expect(loadBridgeUrl(storage)).toBe('ws://127.0.0.1:9100');
    store.set('vigil.bridgeUrl', 'javascript:alert(1)');
    expect(loadBridgeUrl(storage)).toBe(DEFAULT_BRIDGE_URL);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadBridgeUrl(blocked)).toBe(DEFAULT_BRIDGE_URL);
  });
});
