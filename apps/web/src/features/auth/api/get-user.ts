import { queryOptions } from '@tanstack/react-query';
import { SIGNED_IN_HINT_COOKIE, User } from '@vigil/domain';
import { apiRequest, HttpError, isRequestedEarly } from '@/lib/api-client.ts';
import { USER_QUERY_KEY } from './query-keys.ts';

const HINT_NAMES = [SIGNED_IN_HINT_COOKIE, `__Host-${SIGNED_IN_HINT_COOKIE}`];

/** Whether the server issued a session to this browser (its readable companion cookie is present). */
export function hasSignedInHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((part) => HINT_NAMES.includes(part.trim().split('=')[0] ?? ''));
}

/** Forgets the hint once the server says the session is gone (expired, ended elsewhere). */
function clearSignedInHint() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const name of HINT_NAMES) {
    // biome-ignore lint/suspicious/noDocumentCookie: expires our own hint; the Cookie Store API is not in every browser.
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  }
}

/**
 * The session: the signed-in user, or null when signed out (spec point 4: logged out, not an error).
 * GET /api/user is asked only when the server's signed-in hint cookie is present, so a signed-out
 * page load makes no request that fails (no 401 logged in the console); a 401 clears the hint.
 */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: async ({ signal }): Promise<User | null> => {
      // Asked already as the page started (app/early-start.ts), which read the hint: reading the
      // cookies is a synchronous round trip to the browser process, slow on a busy machine.
      if (!isRequestedEarly('/api/user') && !hasSignedInHint()) return null;
      try {
        const res = await apiRequest('GET', '/api/user', undefined, { signal });
        return User.parse(await res.json());
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          clearSignedInHint();
          return null;
        }
        throw error;
      }
    },
  });
}
