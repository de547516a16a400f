/** A query option's refetchInterval, asked as TanStack Query asks it: with the data the query holds. */
export function intervalOf<T>(options: { refetchInterval?: unknown }, data: T | undefined): unknown {
  const interval = options.refetchInterval as (query: { state: { data: T | undefined } }) => unknown;
  return interval({ state: { data } });
}
