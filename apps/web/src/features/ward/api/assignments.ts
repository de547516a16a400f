import { queryOptions } from '@tanstack/react-query';
import { Assignments } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { wardQueryKeys } from './ward-keys.ts';

// Apart from the board's api: the dashboard's "My patients" needs only this, in its own chunk budget.
/** GET /api/ward/assignments?shift=current|next. */
export function getAssignmentsQueryOptions(shift: 'current' | 'next') {
  return queryOptions({
    queryKey: wardQueryKeys.assignments(shift),
    queryFn: async ({ signal }) =>
      Assignments.parse(
        await (await apiRequest('GET', `/api/ward/assignments?shift=${shift}`, undefined, { signal })).json(),
      ),
  });
}
