import type { LiveEventRow } from './repository.ts';

/** Where a live event was committed: by this instance (published at commit) or another (NOTIFY, read back). */
export type EventOrigin = 'this-instance' | 'other-instance';

/** A row the sequencer hands on, with where it was committed. */
export interface SequencedEvent {
  row: LiveEventRow;
  origin: EventOrigin;
}

/**
 * Puts committed live events in id order for the client streams (decision 032). Ids are drawn as
 * transactions write and committed in another order, and other instances' arrive by NOTIFY a few
 * milliseconds late, so a stream fed as they came saw 105 before 104, and a client that reconnected
 * with Last-Event-ID 105 never got 104. Here an event waits until every smaller id has come or is
 * known never to come (its transaction rolled back), so a stream's ids only ever rise and "everything
 * up to my last id" is true.
 *
 * The `frontier` is the highest id up to which every id has been handed on or settled missing. Pure
 * and synchronous: the fan-out asks the database whether a gap's transactions have ended, and says so
 * with {@link settle}.
 */
export function createEventSequencer(initialFrontier = 0) {
  let frontier = initialFrontier;
  const held = new Map<number, SequencedEvent>();

  /** Every held event that now follows the frontier without a gap. */
  function advance(out: SequencedEvent[]) {
    for (let next = held.get(frontier + 1); next; next = held.get(frontier + 1)) {
      held.delete(frontier + 1);
      frontier += 1;
      out.push(next);
    }
  }

  return {
    /** Up to here, every id has been handed on or settled missing. */
    frontier: () => frontier,

    /** Starts again after `id` (the newest committed when the instance starts): nothing held. */
    reset(id: number) {
      frontier = id;
      held.clear();
    },

    /**
     * Committed events, each offered once. Returns what can go out now, in order: those that follow
     * the frontier without a gap; and any at or below the frontier (a transaction that committed
     * after its id was settled missing: late, and sent rather than lost).
     */
    offer(rows: readonly LiveEventRow[], origin: EventOrigin): SequencedEvent[] {
      const out: SequencedEvent[] = [];
      for (const row of [...rows].sort((a, b) => a.id - b.id)) {
        if (row.id <= frontier) out.push({ row, origin });
        else if (!held.has(row.id)) held.set(row.id, { row, origin });
      }
      advance(out);
      return out;
    },

    /**
     * The ids missing below the newest held event (their transactions not yet committed, rolled
     * back, or committed by an instance whose NOTIFY was lost), or null when nothing waits.
     */
    gap(): { missing: number[]; upTo: number } | null {
      if (held.size === 0) return null;
      const upTo = Math.max(...held.keys());
      const missing: number[] = [];
      for (let id = frontier + 1; id < upTo; id++) if (!held.has(id)) missing.push(id);
      return { missing, upTo };
    },

    /**
     * Every id up to `upTo` that has not come is settled missing (no transaction that could still
     * commit it is running): what waited behind them goes out, in order.
     */
    settle(upTo: number): SequencedEvent[] {
      const out: SequencedEvent[] = [];
      while (frontier < upTo) {
        const next = held.get(frontier + 1);
        if (next) {
          held.delete(frontier + 1);
          out.push(next);
        }
        frontier += 1;
      }
      advance(out);
      return out;
    },

    /** Events waiting behind a gap. */
    heldCount: () => held.size,
  };
}

export type EventSequencer = ReturnType<typeof createEventSequencer>;
