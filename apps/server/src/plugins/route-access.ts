import type { Permission, SmartPermission, SmartScope } from '@vigil/domain';

/**
 * Who may call a route, declared in its route options (`config: { access }`) and checked by one hook
 * on the route the router matched: never decided by the text of the URL, which the router decodes
 * (`/%61pi/…` is `/api/…` to it). A route that declares nothing makes the server refuse to start.
 */
export type RouteAccess =
  /** Anyone: sign-in, registration, health. */
  | { kind: 'public' }
  /** The built web app's files and pages (no patient data). */
  | { kind: 'asset' }
  /** A provider's servers; the handler verifies the request's signature before anything else. */
  | { kind: 'webhook' }
  /**
   * A signed-in person holding `permission`, or (when `orToken` is set) a scoped token of that kind;
   * a SMART access token must hold every one of `scopes`.
   * `signedOutRedirect`: a page the browser lands on (a provider's redirect back to us) is answered,
   * without a session, by a 303 to this fixed app page rather than a JSON 401.
   */
  | {
      kind: 'user';
      permission: Permission;
      orToken?: TokenKind;
      scopes?: readonly SmartScope[];
      /**
       * How a SMART token must hold `scopes`: `all` of them (the default), or `any` one (an operation
       * such as $everything that answers only the types the token allows). `permissions`: what of each
       * scope the interaction needs, `r` for a read by id, `s` for a search (default both).
       */
      scopeMatch?: 'all' | 'any';
      scopePermissions?: readonly SmartPermission[];
      signedOutRedirect?: string;
      /**
       * What part of a patient's record a successful answer sends (the audit trail's entity type:
       * "Note", "PatientList" …), or false when it sends none. Every route that needs
       * `patients:read` must say: the server refuses to start otherwise, and each read is audited
       * (once per person, patient, part and window).
       */
      reads?: string | false;
      /** A page another site may send the browser to (a provider's redirect back to us). */
      crossSiteNavigation?: boolean;
      /**
       * Whose ward the record the route acts on is of (decision 035): `:id` of a route under
       * `/patients/:id` (or FHIR `/Patient/:id`) is a patient without saying so; other routes name
       * what their `:id` (or body's `patientId`) is. A person who does not see that ward is answered
       * 404, as for a record that does not exist.
       */
      ward?: WardCheck;
    }
  /** A scoped token of this kind only (no session). */
  | { kind: 'token'; token: TokenKind }
  /** A metrics scraper: the metrics token, or a request from an allowed address (plugins/metrics.ts). */
  | { kind: 'metrics' };

/**
 * Scoped credentials a machine presents as `Authorization: Bearer …`: a device token (one patient's
 * readings), a bridge pairing token (one use, minutes) or a SMART Backend Services access token (a
 * registered system's, minutes, holding scopes).
 */
export type TokenKind = 'device' | 'pairing' | 'smart';

/** What a route's record is, to find its ward: its `:id` is of this kind, or the body names a patient. */
export type WardCheck =
  | 'patient'
  | 'alert'
  | 'handover'
  | 'treatment'
  | 'medication'
  | 'emergency-contact'
  | 'device-link'
  | 'device-token'
  | 'body-patient';
