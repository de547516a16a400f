import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/**
 * The ward a ward-wide screen (board, alerts, handover) shows: `?ward=` in the address, so that it
 * survives a reload and a link names it; undefined: the person's first ward (the server's default).
 */
export function useWardParam(): [number | undefined, (ward: number | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get('ward'));
  const ward = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const setWard = useCallback(
    (next: number | undefined) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === undefined) params.delete('ward');
          else params.set('ward', String(next));
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [ward, setWard];
}
