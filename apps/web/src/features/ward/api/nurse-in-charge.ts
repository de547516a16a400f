import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NurseInCharge } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { wardQueryKeys, withWard } from './ward-keys.ts';

/** GET /api/ward/nurse-in-charge?shift=current|next: who leads the shift (null: not named). */
export function getNurseInChargeQueryOptions(shift: 'current' | 'next', ward?: number) {
  return queryOptions({
    queryKey: wardQueryKeys.nurseInCharge(shift, ward),
    queryFn: async ({ signal }) =>
      NurseInCharge.parse(
        await (
          await apiRequest('GET', withWard(`/api/ward/nurse-in-charge?shift=${shift}`, ward), undefined, {
            signal,
          })
        ).json(),
      ),
  });
}

/**
 * PUT /api/ward/nurse-in-charge/{shiftKey} (ward:layout): names who leads the shift, or nobody. The
 * named nurse's screens learn of their new permissions when the server ends their live stream.
 */
export function useNameNurseInCharge(shift: 'current' | 'next', ward?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { shiftKey: string; nurseId: number | null }) =>
      NurseInCharge.parse(
        await (
          await apiRequest('PUT', withWard(`/api/ward/nurse-in-charge/${input.shiftKey}`, ward), {
            nurseId: input.nurseId,
          })
        ).json(),
      ),
    onSuccess: (answer) => queryClient.setQueryData(wardQueryKeys.nurseInCharge(shift, ward), answer),
  });
}
