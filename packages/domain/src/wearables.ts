import { z } from 'zod';

/** The wearable providers linked through their API; the spec names one (WHOOP). */
export const WEARABLE_PROVIDERS = { whoop: 'WHOOP' } as const;

/** Device name of readings from WHOOP's API (spec point 7, the cloud sync service's default). */
export const WHOOP_DEVICE_NAME = 'WHOOP Device';

export const WhoopStatus = z.object({ available: z.boolean() });
export type WhoopStatus = z.infer<typeof WhoopStatus>;

export const ConnectVitalWatchInput = z.object({
  watchType: z
    .string('watchType is required: "whoop"')
    .trim()
    .min(1, 'watchType is required: "whoop"')
    .max(50, 'watchType must be at most 50 characters'),
});
export type ConnectVitalWatchInput = z.infer<typeof ConnectVitalWatchInput>;

/** Spec point 7: the browser is sent to authUrl. */
export const ConnectVitalWatchResponse = z.object({ redirect: z.literal(true), authUrl: z.string().url() });
export type ConnectVitalWatchResponse = z.infer<typeof ConnectVitalWatchResponse>;

/** Spec point 3, "Vital watch data"; blood pressure and temperature stay null: WHOOP measures neither. */
export const VitalWatchData = z.object({
  heartRate: z.number().nullable(),
  oxygenLevel: z.number().nullable(),
  /** Core temperature in tenths of °F: never from WHOOP, whose skin temperature is not core. */
  temperature: z.number().nullable(),
  bloodPressure: z.object({ systolic: z.number().nullable(), diastolic: z.number().nullable() }),
  readingTime: z.string().nullable(),
  deviceInfo: z.object({
    name: z.string(),
    batteryLevel: z.number().nullable(),
    connectionType: z.string(),
    isTargetDevice: z.boolean(),
  }),
  recoveryScore: z.number().nullable(),
  strain: z.number().nullable(),
  /** Addition: WHOOP's skin temperature (°C), shown on the wearable card, not a vital sign. */
  skinTempCelsius: z.number().nullable(),
});
export type VitalWatchData = z.infer<typeof VitalWatchData>;

export const WEARABLE_STATES = ['none', 'connected', 'reconnect_needed'] as const;
export type WearableState = (typeof WEARABLE_STATES)[number];

/** A patient's wearable link through the provider's API, for the patient record's card. */
export const WearableConnection = z.object({
  provider: z.string(),
  state: z.enum(WEARABLE_STATES),
  linkedAt: z.string().nullable(),
  stateChangedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
});
export type WearableConnection = z.infer<typeof WearableConnection>;

/** Where the server's callback sends the browser: /oauth/callback with the outcome only. */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

/**
 * The `error` codes the callback page may be sent: Vigil's own, and the OAuth 2.0 codes of an
 * authorization or token answer (RFC 6749 §4.1.2.1, §5.2). Nothing else from the address is shown:
 * a link could carry any text ("call this number…") to a page that looks like ours.
 */
export const CALLBACK_ERRORS = {
  sessionExpired: 'session_expired',
  linkedElsewhere: 'account_linked_to_another_patient',
  invalidState: 'invalid_state',
  exchangeFailed: 'exchange_failed',
  notConfigured: 'not_configured',
  /** Any code not known here. */
  failed: 'authorization_failed',
} as const;
const OAUTH_ERRORS = [
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
] as const;
const KNOWN_CALLBACK_ERRORS: ReadonlySet<string> = new Set([
  ...Object.values(CALLBACK_ERRORS),
  ...OAUTH_ERRORS,
]);

/** The code itself when it is one the callback page knows, else `authorization_failed`. */
export const knownCallbackError = (code: string): string =>
  KNOWN_CALLBACK_ERRORS.has(code) ? code : CALLBACK_ERRORS.failed;

export const CALLBACK_ERROR_HINTS: Readonly<Record<string, string>> = {
  [CALLBACK_ERRORS.sessionExpired]:
    'Your Vigil session ended while WHOOP was open. Sign in, then connect WHOOP again from the patient record.',
  [CALLBACK_ERRORS.linkedElsewhere]:
    "This WHOOP account already feeds another patient's record. Disconnect it there first.",
  access_denied: 'Access was not allowed in WHOOP. Connect again and allow access to link the patient.',
};
