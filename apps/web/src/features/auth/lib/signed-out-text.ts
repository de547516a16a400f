import { takeSessionEnded } from './signed-out-notice.ts';

/** What the sign-in page says after the server ended a signed-in screen's session (the sign-in page's only). */
export const SESSION_ENDED_NOTICE =
  'You were signed out: your session ended. It timed out, was signed out on another device, or an administrator disabled your account or reset its password. Sign in again; if Vigil says the account is disabled, ask your ward administrator.';

/** The notice to show once, or null; reading it clears it. */
export const takeSignedOutNotice = (): string | null => (takeSessionEnded() ? SESSION_ENDED_NOTICE : null);
