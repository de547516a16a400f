import type { BridgeErrorCode } from '@vigil/domain';
import type { Logger } from '../log.ts';
import type { LinkStore, TokenEntry } from '../store/link-store.ts';
import type { VigilClient } from './vigil-client.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the person at the bridge is told when Vigil refuses a patient's device token. */
export const tokenRefusedMessage = (patientId: number) =>
  `Vigil refused the device token for patient ${patientId} (revoked or expired). Readings are kept on the bridge: press "Sync Data to Cloud" again to send them with a new token.`;

/** What rotation keeps of a patient between attempts (the uploader's state of the patient holds it). */
export interface RotationState {
  /** No rotation attempt before this time (the route failed or is missing). */
  rotateNotBefore: number;
  warnedExpiry: boolean;
}

export interface RotationDeps {
  links: LinkStore;
  client: VigilClient;
  log: Logger;
  now: () => Date;
  onError(error: { code: BridgeErrorCode; message: string }): void;
  state(patientId: number): RotationState;
  usableToken(patientId: number): TokenEntry | null;
  stopped(): boolean;
}

/**
 * Renews device tokens before they expire: when less than a third of their life (at most 7 days)
 * is left, or when their expiry is unknown. The uploader calls it from its one loop, between
 * uploads, so no request is in flight with a token that rotation just replaced.
 */
export async function rotateDueTokens(deps: RotationDeps) {
  const now = deps.now().getTime();
  for (const patientId of deps.links.patientsWithTokens()) {
    const token = deps.usableToken(patientId);
    const state = deps.state(patientId);
    if (!token || now < state.rotateNotBefore || deps.stopped()) continue;
    if (token.expiresAt !== null) {
      const expires = Date.parse(token.expiresAt);
      const lifetime = expires - Date.parse(token.obtainedAt);
      if (expires - now > Math.min(7 * DAY_MS, lifetime / 3)) continue;
    }
    const outcome = await deps.client.rotateToken(token.token);
    if (outcome.kind === 'rotated') {
      await deps.links.replaceToken(patientId, outcome.token, outcome.expiresAt, deps.now());
      state.warnedExpiry = false;
      deps.log.info('device token rotated', { expiresAt: outcome.expiresAt });
    } else if (outcome.kind === 'token-refused') {
      await deps.links.markRefused(patientId);
      deps.onError({ code: 'TOKEN_REFUSED', message: tokenRefusedMessage(patientId) });
    } else {
      state.rotateNotBefore = now + HOUR_MS;
      deps.log.warn('device token rotation failed; trying again in an hour', { reason: outcome.reason });
      const expires = token.expiresAt === null ? null : Date.parse(token.expiresAt);
      if (expires !== null && expires - now < DAY_MS && !state.warnedExpiry) {
        state.warnedExpiry = true;
        deps.onError({
          code: 'TOKEN_ROTATION_FAILED',
          message: `The device token for patient ${patientId} expires at ${token.expiresAt} and could not be renewed (${outcome.reason}). Press "Sync Data to Cloud" again before then.`,
        });
      }
    }
  }
}
