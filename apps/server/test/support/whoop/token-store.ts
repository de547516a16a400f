import type { Adapter, StoredPayload } from 'oidc-provider';

interface Entry {
  payload: StoredPayload;
  expiresAtMs: number;
}

/**
 * oidc-provider's storage, one per authorization server. Its built-in memory adapter is a module-level LRU shared
 * by every provider in the process and cannot be listed; the harness needs to list what it issued (to revoke an
 * access token chain on refresh, to expire tokens on demand, to revoke a user's connection).
 */
export function createTokenStore() {
  const entries = new Map<string, Entry>();
  const key = (model: string, id: string) => `${model}:${id}`;

  function live(model: string, id: string | undefined): StoredPayload | undefined {
    if (id === undefined) return undefined;
    const entry = entries.get(key(model, id));
    if (!entry) return undefined;
    if (entry.expiresAtMs <= Date.now()) {
      entries.delete(key(model, id));
      return undefined;
    }
    return entry.payload;
  }

  function findBy(model: string, field: 'uid' | 'userCode', value: string) {
    return payloads(model).find((payload) => payload[field] === value);
  }

  /** Every unexpired payload of one model (AccessToken, RefreshToken, Grant, Session, ...). */
  function payloads(model: string): StoredPayload[] {
    const prefix = `${model}:`;
    const found: StoredPayload[] = [];
    for (const [name, entry] of entries) {
      if (name.startsWith(prefix) && entry.expiresAtMs > Date.now()) found.push(entry.payload);
    }
    return found;
  }

  function destroyWhere(model: string, matches: (payload: StoredPayload) => boolean): number {
    let count = 0;
    for (const [name, entry] of entries) {
      if (name.startsWith(`${model}:`) && matches(entry.payload)) {
        entries.delete(name);
        count += 1;
      }
    }
    return count;
  }

  function adapterFor(model: string): Adapter {
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAtMs =
          expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + expiresIn * 1000;
        entries.set(key(model, id), { payload, expiresAtMs });
      },
      async find(id) {
        return live(model, id);
      },
      async findByUid(uid) {
        return findBy(model, 'uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy(model, 'userCode', userCode);
      },
      async consume(id) {
        const payload = live(model, id);
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(model, id));
      },
      async revokeByGrantId(grantId) {
        destroyWhere(model, (payload) => payload.grantId === grantId);
      },
    };
  }

  /** Stores a payload that never expires (the client's registration). */
  function put(model: string, id: string, payload: StoredPayload) {
    entries.set(key(model, id), { payload, expiresAtMs: Number.POSITIVE_INFINITY });
  }

  return { adapterFor, payloads, destroyWhere, put };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
