import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { wards } from './schema.ts';

// What other modules may read of this module's tables (decision 041). Each reader is joined into the
// caller's own query, so owning the read adds no round trip.

/** The name of the ward whose id is `column` (null for none): a scalar subquery. */
export const wardNameOf = (column: AnyColumn): SQL<string | null> =>
  sql<string | null>`(select w.name from ${wards} w where w.id = ${column})`;
