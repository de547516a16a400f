import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NurseInCharge } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { wardQueryKeys } from './ward-keys.ts';

/** GET /api/ward/nurse-in-charge?shift=current|next: who leads the shift (null: not named). */
export function getNurseInChargeQueryOptions(shift: 'current' | 'next') {
  return queryOptions({
    queryKey: wardQueryKeys.nurseInCharge(shift),
    queryFn: async ({ signal }) =>
      NurseInCharge.parse(
        await (
          await apiRequest('GET', `/api/ward/nurse-in-charge?shift=${shift}`, undefined, { signal })
        ).json(),
      ),
  });
}

/**
 * PUT /api/ward/nurse-in-charge/{shiftKey} (ward:layout): names who leads the shift, or nobody. The
 * named nurse's screens learn of their new permissions when the server ends their live stream.
 */
export function useNameNurseInCharge(shift: 'current' | 'next') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { shiftKey: string; nurseId: number | null }) =>
      NurseInCharge.parse(
        await (
          await apiRequest('PUT', `/api/ward/nurse-in-charge/${input.shiftKey}`, { nurseId: input.nurseId })
        ).json(),
      ),
    onSuccess: (answer) => queryClient.setQueryData(wardQueryKeys.nurseInCharge(shift), answer),
  });
}
