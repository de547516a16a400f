/** CPU time of this process spent on `fn`, in microseconds. */
export async function cpuOf(fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * How many times a small request's CPU time `request` costs, measured against `small` in the same
 * run (never in milliseconds). On a shared machine a garbage collection or another process can land
 * on any one measurement: a request over `budget` is measured again, twice at most, each time with
 * a fresh baseline, and the lowest ratio counts. A request that is really costly stays costly.
 */
export async function costRatio(
  request: () => Promise<unknown>,
  small: () => Promise<unknown>,
  budget: number,
): Promise<number> {
  const baseline = async (n: number) => {
    const costs: number[] = [];
    for (let i = 0; i < n; i++) costs.push(await cpuOf(small));
    return Math.max(median(costs), 100);
  };
  let best = (await cpuOf(request)) / (await baseline(9));
  for (let again = 0; again < 2 && best >= budget; again++) {
    const base = await baseline(5);
    best = Math.min(best, (await cpuOf(request)) / base);
  }
  return best;
}
