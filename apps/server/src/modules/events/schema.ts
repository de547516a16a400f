import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

// The live-event log and the open event streams: the tables this module owns, and only its files write
// them (decision 036).

/**
 * The live event log: what the event stream sends. Its id is the SSE event id, so a client that
 * reconnects with Last-Event-ID gets what it missed; instances share it through LISTEN/NOTIFY of ids.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    patientId: integer('patient_id'),
    /**
     * The ward whose screens the event is for (decision 035): the patient's ward when it was
     * recorded, or the ward a ward-wide change is of; null for an event every stream may carry.
     */
    wardId: integer('ward_id'),
    data: jsonb('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Open live-event streams, so the per-user cap holds across instances. A stream's row is refreshed
 * while it is open; rows of an instance that died go stale and stop counting.
 */
export const eventStreams = pgTable(
  'event_streams',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: ts('opened_at').notNull(),
    heartbeatAt: ts('heartbeat_at').notNull(),
  },
  (t) => [index('event_streams_user_idx').on(t.userId)],
);
