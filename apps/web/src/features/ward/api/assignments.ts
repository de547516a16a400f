import { queryOptions, useQuery } from '@tanstack/react-query';
import { Assignments } from '@vigil/domain';
import { useMemo } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { wardQueryKeys, withWard } from './ward-keys.ts';

// Apart from the board's api: the dashboard's "My patients" needs only this, in its own chunk budget.
/** GET /api/ward/assignments?shift=current|next. */
export function getAssignmentsQueryOptions(shift: 'current' | 'next', ward?: number) {
  return queryOptions({
    queryKey: wardQueryKeys.assignments(shift, ward),
    queryFn: async ({ signal }) =>
      Assignments.parse(
        await (
          await apiRequest('GET', withWard(`/api/ward/assignments?shift=${shift}`, ward), undefined, {
            signal,
          })
        ).json(),
      ),
  });
}

/**
 * The patients assigned to this person in the shift now (null while not asked for or not known):
 * "My patients", and their alerts first.
 */
export function useMyPatientIds(
  userId: number | null,
  enabled = true,
): { ids: ReadonlySet<number> | null; hasFailed: boolean } {
  const isAsked = enabled && userId !== null;
  const assignments = useQuery({ ...getAssignmentsQueryOptions('current'), enabled: isAsked });
  const ids = useMemo(() => {
    if (!isAsked || !assignments.data) return null;
    return new Set(assignments.data.assignments.filter((a) => a.nurse.id === userId).map((a) => a.patientId));
  }, [isAsked, assignments.data, userId]);
  return { ids, hasFailed: isAsked && !assignments.data && assignments.isError };
}
