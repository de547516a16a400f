import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

// SMART Backend Services clients, their access tokens and used assertion ids: the tables this module
// owns, and only its files write them (decision 036).

/**
 * Systems an administrator registered for SMART Backend Services: they authenticate with a JWT
 * signed by a key of their JWKS (held here, or fetched from their JWKS URL) and may be granted the
 * read scopes of the FHIR API. Never deleted: disabling keeps who exported what.
 */
export const smartClients = pgTable(
  'smart_clients',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    jwks: jsonb('jwks'),
    jwksUrl: text('jwks_url'),
    /** Space-separated scopes the client may ask for (system/Patient.rs …). */
    scopes: text('scopes').notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    disabledAt: ts('disabled_at'),
  },
  (t) => [uniqueIndex('smart_clients_client_id_uq').on(t.clientId)],
);

/** Access tokens issued to SMART clients (stored as SHA-256, minutes long). */
export const smartAccessTokens = pgTable(
  'smart_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').notNull(),
    issuedAt: ts('issued_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('smart_access_tokens_expires_idx').on(t.expiresAt)],
);

/** Client assertion ids already used (a replayed assertion is refused until its expiry passes). */
export const smartAssertionJtis = pgTable(
  'smart_assertion_jtis',
  {
    clientId: text('client_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.jti] }),
    index('smart_assertion_jtis_expires_idx').on(t.expiresAt),
  ],
);
