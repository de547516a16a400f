import { z } from 'zod';

/**
 * SMART on FHIR scopes for systems (SMART App Launch 2.x, "Scopes and Launch Context"):
 * `system/<ResourceType>.<permissions>`, where v2 permissions are letters of `cruds` (`rs` = read and
 * search) and v1's `read` means read and search. Vigil's FHIR API only reads, so a client is granted
 * read and search of some resource types.
 */
export const SMART_RESOURCE_TYPES = ['Patient', 'Observation', 'Device'] as const;
export type SmartResourceType = (typeof SMART_RESOURCE_TYPES)[number];

/** The scopes Vigil grants: read and search of each resource type it serves. */
export const SMART_SCOPES = SMART_RESOURCE_TYPES.map((type) => `system/${type}.rs` as const);
export type SmartScope = (typeof SMART_SCOPES)[number];

const SCOPE = /^system\/(\*|[A-Z][A-Za-z]+)\.(read|[cruds]+)$/;

/** The resource type and whether a scope string allows reading and searching it; null if it is no system scope. */
function parse(scope: string): { type: string; readAndSearch: boolean } | null {
  const match = SCOPE.exec(scope);
  if (!match) return null;
  const permissions = match[2]!;
  const readAndSearch = permissions === 'read' || (permissions.includes('r') && permissions.includes('s'));
  return { type: match[1]!, readAndSearch };
}

/** Whether `granted` (a token's scopes) allows reading and searching `resourceType`. */
export function scopesAllowRead(granted: readonly string[], resourceType: string): boolean {
  return granted.some((scope) => {
    const parsed = parse(scope);
    return Boolean(parsed?.readAndSearch) && (parsed!.type === '*' || parsed!.type === resourceType);
  });
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

export const SmartClientUpdateInput = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  scopes: z.array(SmartScopeSchema).min(1, 'grant at least one scope').max(SMART_SCOPES.length).optional(),
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
