import { z } from 'zod';

/**
 * SMART on FHIR scopes for systems (SMART App Launch 2.x, "Scopes and Launch Context"):
 * `system/<ResourceType>.<permissions>`, where v2 permissions are letters of `cruds` (`rs` = read and
 * search) and v1's `read` means read and search. Vigil's FHIR API only reads, so a client is granted
 * read and search of some resource types.
 */
export const SMART_RESOURCE_TYPES = [
  'Patient',
  'Observation',
  'Device',
  'Group',
  'Provenance',
  'Location',
] as const;
export type SmartResourceType = (typeof SMART_RESOURCE_TYPES)[number];

/** The scopes Vigil grants: read and search of each resource type it serves. */
export const SMART_SCOPES = SMART_RESOURCE_TYPES.map((type) => `system/${type}.rs` as const);
export type SmartScope = (typeof SMART_SCOPES)[number];

/** What an interaction needs of a scope: `r` to read a resource by id, `s` to search. */
export type SmartPermission = 'r' | 's';

const SCOPE = /^system\/(\*|[A-Z][A-Za-z]+)\.(read|write|\*|c?r?u?d?s?)(\?.*)?$/;

/**
 * A system scope's resource type and the read permissions it holds (v1 `read` and `*` are read and
 * search, SMART App Launch 2.x "Scopes for requesting FHIR resources"); null if it is no system scope
 * or holds neither read nor search (`write`, `cud`). A v2 scope's query (`?category=…`) narrows what it
 * grants; Vigil does not narrow by query, so such a scope is not granted.
 */
export function parseSmartScope(scope: string): { type: string; permissions: Set<SmartPermission> } | null {
  const match = SCOPE.exec(scope);
  if (!match || match[3] !== undefined || match[2] === '') return null;
  const letters = match[2] === 'read' || match[2] === '*' ? 'rs' : match[2] === 'write' ? '' : match[2]!;
  const permissions = new Set([...letters].filter((l): l is SmartPermission => l === 'r' || l === 's'));
  return permissions.size > 0 ? { type: match[1]!, permissions } : null;
}

/** Whether `granted` (a token's scopes) allows `permission` on `resourceType` (read and search by default). */
export function scopesAllow(
  granted: readonly string[],
  resourceType: string,
  permissions: readonly SmartPermission[] = ['r', 's'],
): boolean {
  const held = new Set<SmartPermission>();
  for (const scope of granted) {
    const parsed = parseSmartScope(scope);
    if (parsed && (parsed.type === '*' || parsed.type === resourceType))
      for (const p of parsed.permissions) held.add(p);
  }
  return permissions.every((p) => held.has(p));
}

/** Whether `granted` allows reading and searching `resourceType`. */
export const scopesAllowRead = (granted: readonly string[], resourceType: string) =>
  scopesAllow(granted, resourceType);

/**
 * The scopes a token gets: the intersection of what a client asks for (v1 or v2 forms, wildcards)
 * and what it was registered with, in v2 form (`system/Patient.rs`, or `.r`/`.s` when only one was
 * asked), one per resource type. Scopes Vigil does not serve (other types, write, launch, openid)
 * are left out; empty when nothing asked for is held.
 */
export function grantSmartScopes(requested: readonly string[], held: readonly string[]): string[] {
  const granted: string[] = [];
  for (const type of SMART_RESOURCE_TYPES) {
    const permissions = (['r', 's'] as const).filter(
      (p) => scopesAllow(requested, type, [p]) && scopesAllow(held, type, [p]),
    );
    if (permissions.length > 0) granted.push(`system/${type}.${permissions.join('')}`);
  }
  return granted;
}

/** The resource type a required scope such as `system/Patient.rs` is about. */
export function scopeResourceType(scope: SmartScope): SmartResourceType {
  return scope.slice('system/'.length, -'.rs'.length) as SmartResourceType;
}

/** A JSON Web Key Set as a client registers it (RFC 7517): public keys only. */
export const JsonWebKeySet = z.object({
  keys: z
    .array(
      z.looseObject({
        kty: z.enum(['RSA', 'EC'], { error: 'each key must be an RSA or EC public key (kty RSA or EC)' }),
        kid: z.string().min(1, 'each key needs a kid').max(200),
        d: z.never({ error: 'register public keys only: a key holds a private part (d)' }).optional(),
      }),
      { error: 'jwks must be {"keys": [...]}' },
    )
    .min(1, 'jwks must hold at least one key')
    .max(20, 'jwks may hold at most 20 keys'),
});
export type JsonWebKeySet = z.infer<typeof JsonWebKeySet>;

const SmartScopeSchema = z.enum(SMART_SCOPES, { error: `scopes must be among ${SMART_SCOPES.join(', ')}` });

/** An administrator registers a system: its name, its public keys (or where to fetch them), its scopes. */
export const SmartClientCreateInput = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
    jwks: JsonWebKeySet.optional(),
    jwksUrl: z
      .url({ error: 'jwksUrl must be a URL' })
      .max(2000, 'jwksUrl must be at most 2000 characters')
      .refine(
        (url) =>
          url.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(url),
        'jwksUrl must be https (http only on this machine: localhost or 127.0.0.1)',
      )
      .optional(),
    scopes: z.array(SmartScopeSchema).min(1, 'grant at least one scope').max(SMART_SCOPES.length),
  })
  .refine((c) => (c.jwks === undefined) !== (c.jwksUrl === undefined), {
    message: 'Give either jwks (the public keys) or jwksUrl (where to fetch them), not both',
  });
export type SmartClientCreateInput = z.infer<typeof SmartClientCreateInput>;

export const SmartClientUpdateInput = z
  .object({
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    scopes: z.array(SmartScopeSchema).min(1, 'grant at least one scope').max(SMART_SCOPES.length).optional(),
  })
  .refine((c) => c.disabled !== undefined || c.scopes !== undefined, {
    message: 'Give disabled or scopes (or both): an empty change changes nothing',
  });
export type SmartClientUpdateInput = z.infer<typeof SmartClientUpdateInput>;

export const SmartClient = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  jwksUrl: z.string().nullable(),
  /** Key ids of the registered JWKS (none when the keys are fetched from jwksUrl). */
  keyIds: z.array(z.string()),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  disabled: z.boolean(),
});
export type SmartClient = z.infer<typeof SmartClient>;

/** The token endpoint's answer (RFC 6749 §5.1). */
export const SmartTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type SmartTokenResponse = z.infer<typeof SmartTokenResponse>;

/** The token request (SMART Backend Services), form-encoded. */
export const SmartTokenRequest = z.object({
  grant_type: z.string(),
  client_assertion_type: z.string(),
  client_assertion: z.string(),
  scope: z.string(),
});
