import { type Run, statement } from '../../db/prepared.ts';

/** The accounts a window's tally names at most. */
const MAX_USER_IDS = 20;

/**
 * Counts a refusal in its address's window: the first of a window inserts the row (0 further
 * attempts: the caller writes that one to the trail itself); later ones add to it. One statement,
 * so concurrent refusals from one address are all counted.
 */
const TALLY = statement(
  'sign_in_refusals_tally',
  `insert into sign_in_refusals as t (address, window_start, attempts, reasons, user_ids)
   values ($1, $2::timestamptz, 0, '{}'::jsonb, '[]'::jsonb)
   on conflict (address, window_start) do update set
     attempts = t.attempts + 1,
     reasons = jsonb_set(t.reasons, array[$3::text], to_jsonb(coalesce((t.reasons->>$3::text)::int, 0) + 1)),
     user_ids = case
       when $4::int is null or t.user_ids @> to_jsonb($4::int) or jsonb_array_length(t.user_ids) >= ${MAX_USER_IDS}
       then t.user_ids else t.user_ids || to_jsonb($4::int) end
   returning attempts`,
);

/** Takes the tallies of windows that began before $1 (each window is written to the trail once). */
const TAKE_ENDED = statement(
  'sign_in_refusals_take_ended',
  `delete from sign_in_refusals where window_start < $1::timestamptz
   returning address, window_start, attempts, reasons, user_ids`,
);

export interface EndedTally {
  address: string;
  windowStart: Date;
  attempts: number;
  reasons: Record<string, number>;
  userIds: number[];
}

export function createRefusalsRepository() {
  return {
    /** Counts a refusal; true when it is the first of its address's window. */
    async tally(
      run: Run,
      refusal: { address: string; windowStart: Date; reason: string; userId: number | null },
    ): Promise<boolean> {
      const [row] = await run<{ attempts: number }>(TALLY, [
        refusal.address,
        refusal.windowStart.toISOString(),
        refusal.reason,
        refusal.userId,
      ]);
      return Number(row?.attempts) === 0;
    },

    /** Removes and returns the tallies of windows that began before `before`, in the caller's transaction. */
    async takeEnded(run: Run, before: Date): Promise<EndedTally[]> {
      const rows = await run<{
        address: string;
        window_start: Date | string;
        attempts: number;
        reasons: Record<string, number> | string;
        user_ids: number[] | string;
      }>(TAKE_ENDED, [before.toISOString()]);
      const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
      return rows.map((r) => ({
        address: r.address,
        windowStart: new Date(r.window_start),
        attempts: Number(r.attempts),
        reasons: json(r.reasons),
        userIds: json(r.user_ids),
      }));
    },
  };
}

export type RefusalsRepository = ReturnType<typeof createRefusalsRepository>;
