import { queryOptions } from '@tanstack/react-query';
import { User } from '@vigil/domain';
import { getQueryFn } from '@/lib/api-client.ts';

export const USER_QUERY_KEY = ['/api/user'] as const;

const fetchUser = getQueryFn<unknown>({ on401: 'returnNull' });

/** The session: the signed-in user, or null when the server answers 401 (logged out, not an error). */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: async (context): Promise<User | null> => {
      const data = await fetchUser(context);
      return data === null ? null : User.parse(data);
    },
  });
}
