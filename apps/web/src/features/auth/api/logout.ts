import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/logout; answers 204 and clears the session cookie. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}
