import { BRIDGE_DEFAULT_PORT } from '@vigil/domain';

/** Where the bridge listens unless it was started with another --host/--port (README, bridge). */
export const DEFAULT_BRIDGE_URL = `ws://127.0.0.1:${BRIDGE_DEFAULT_PORT}`;
const STORAGE_KEY = 'vigil.bridgeUrl';

/**
 * The bridge address as typed ("ws://127.0.0.1:8765", "127.0.0.1:9000"), normalised to a ws:// or
 * wss:// URL, or an error naming what is wrong.
 */
export function parseBridgeUrl(input: string): { ok: true; url: string } | { ok: false; error: string } {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter the bridge address, e.g. ws://127.0.0.1:8765' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `ws://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: 'The bridge address must look like ws://127.0.0.1:8765' };
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    return { ok: false, error: 'The bridge address must start with ws:// or wss://' };
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return { ok: false, error: 'The bridge address is a host and port only, e.g. ws://127.0.0.1:8765' };
  }
  return { ok: true, url: `${url.protocol}//${url.host}` };
}

/** The address this computer's bridge was last reached at, or the default one. */
export function loadBridgeUrl(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string {
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (saved) {
      const parsed = parseBridgeUrl(saved);
      if (parsed.ok) return parsed.url;
    }
  } catch {
    // Storage blocked (private mode, policy): the default it is.
  }
  return DEFAULT_BRIDGE_URL;
}

export function saveBridgeUrl(
  url: string,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(STORAGE_KEY, url);
  } catch {
    // Not remembered; it still works for this visit.
  }
}
