import type { Run } from '../../db/prepared.ts';
import type { LiveEventRow, LiveEventsService, NewLiveEvent } from '../events/service.ts';

/**
 * Events recorded in a change's transaction and sent once it has committed: `record` goes in the
 * change's `also`, `publish` after the change returns (nothing is sent for a change rolled back).
 */
export function liveEventsOf(
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>,
  events: NewLiveEvent[],
) {
  let rows: LiveEventRow[] = [];
  return {
    /** Records the events, and any the change's other effects brought (`more`). */
    async record(run: Run, more: NewLiveEvent[] = []) {
      rows = await liveEvents.record(run, [...events, ...more]);
    },
    publish() {
      liveEvents.committed(rows);
    },
  };
}

/** The board, layout, settings or assignments changed: screens refetch (no patient data in it). */
export const WARD_CHANGED: NewLiveEvent = { type: 'ward-changed', patientId: null, data: {} };
