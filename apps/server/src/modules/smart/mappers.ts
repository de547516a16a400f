import type { JsonWebKeySet, SmartClient } from '@vigil/domain';
import type { SmartClientRow } from './repository.ts';

/** A registered system as the administrators' list shows it: its key ids, never the keys. */
export function toClient(row: SmartClientRow): SmartClient {
  const jwks = row.jwks as JsonWebKeySet | null;
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    jwksUrl: row.jwksUrl,
    keyIds: jwks?.keys.map((k) => k.kid) ?? [],
    scopes: row.scopes.split(' ').filter(Boolean),
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
  };
}
