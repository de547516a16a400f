/** Spec point 9: the sidebar choice is remembered for 7 days in a cookie readable by the client. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;

/** The stored expanded state, or null when the cookie is absent or unreadable. */
export function parseSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) {
      if (value === 'true') return true;
      if (value === 'false') return false;
      return null;
    }
  }
  return null;
}

export function serializeSidebarCookie(isExpanded: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${isExpanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
