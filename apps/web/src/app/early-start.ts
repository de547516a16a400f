import { hasSignedInHint } from '@/features/auth/api/get-user.ts';
import { requestEarly } from '@/lib/api-client.ts';
import { SidebarLayout } from './layout/app-shell.tsx';
import { DashboardPage } from './router.tsx';

/**
 * The requests a page's first screen will make, when they can be known before React draws: with
 * the server's signed-in hint (a session was issued to this browser), the session itself and, on
 * the dashboard, the patient list. Without the hint the first screen is the sign-in page, which
 * asks for nothing.
 */
export function earlyRequests(path: string, cookies: string): string[] {
  if (!hasSignedInHint(cookies)) return [];
  return path === '/' ? ['/api/user', '/api/patients'] : ['/api/user'];
}

/**
 * Starts, as the code starts, what a signed-in page otherwise asks for one after the other (the
 * session; its answer draws the shell, whose chunk then loads, then the screen's chunk, which then
 * asks for its data): the session, the screen's data, the shell's and the dashboard's code, all at
 * once. A person who turns out not to be signed in (the hint outlived the session) or not allowed
 * the list gets the same screen as before: answers nobody takes are dropped (lib/api-client.ts).
 */
export function startEarly(path = window.location.pathname, cookies = document.cookie): void {
  const urls = earlyRequests(path, cookies);
  for (const url of urls) requestEarly(url);
  if (urls.length === 0) return;
  void SidebarLayout.preload();
  if (path === '/') void DashboardPage.preload();
}
