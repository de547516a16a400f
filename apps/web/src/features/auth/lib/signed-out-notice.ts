const KEY = 'vigil-signed-out';

/**
 * Why the sign-in page shows after a screen was signed in: the server ended the session (an idle
 * timeout, a sign-out elsewhere, or an administrator disabling the account or resetting its
 * password), not the person's own "Logout". Said once, on the next sign-in page.
 */
export const SESSION_ENDED_NOTICE =
  'You were signed out: your session ended. It timed out, was signed out on another device, or an administrator disabled your account or reset its password. Sign in again; if Vigil says the account is disabled, ask your ward administrator.';

/** The session ended under a signed-in screen (kept for this tab's next sign-in page). */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(KEY, 'ended');
  } catch {
    // No storage (a private window's quota): the sign-in page simply says nothing.
  }
}

/** The notice to show once, or null; reading it clears it. */
export function takeSignedOutNotice(): string | null {
  try {
    const reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return reason === 'ended' ? SESSION_ENDED_NOTICE : null;
  } catch {
    return null;
  }
}
