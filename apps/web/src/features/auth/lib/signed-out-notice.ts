const KEY = 'vigil-signed-out';

/**
 * The session ended under a signed-in screen: the server ended it (an idle timeout, a sign-out
 * elsewhere, an administrator disabling the account or resetting its password), not the person's own
 * "Logout". Kept for this tab's next sign-in page, which says why (signed-out-text.ts), once.
 */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(KEY, 'ended');
  } catch {
    // No storage (a private window's quota): the sign-in page simply says nothing.
  }
}

/** Whether the session ended under a signed-in screen; reading it clears it. */
export function takeSessionEnded(): boolean {
  try {
    const reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return reason === 'ended';
  } catch {
    return false;
  }
}
