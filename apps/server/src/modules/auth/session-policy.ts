/** Session lifetimes (issue: foundation). HIPAA 164.312(a)(2)(iii) asks for automatic logoff. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60_000;
/** lastSeenAt is written at most this often, so reads do not become writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  persistent: boolean;
}

/** Whether a session is still valid at `now`: within its absolute expiry and, unless persistent, idle limit. */
export function isSessionValid(session: SessionTimes, now: Date): boolean {
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  if (session.persistent) return true;
  return now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_TIMEOUT_MS;
}
