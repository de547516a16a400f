import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { readView } from '../../db/read-view.ts';
import { wardMembers, wards } from './schema.ts';

// What other modules may read of this module's tables (decision 041). Each reader is joined into the
// caller's own query, so owning the read adds no round trip.

const qb = new QueryBuilder();

/** The name of the ward whose id is `column` (null for none): a scalar subquery. */
export const wardNameOf = (column: AnyColumn): SQL<string | null> =>
  sql<string | null>`(select w.name from ${wards} w where w.id = ${column})`;

/** Who works on which ward, as other modules join it; `as` names the join. */
export const memberships = (as: string) =>
  readView(qb.select({ userId: wardMembers.userId, wardId: wardMembers.wardId }).from(wardMembers), as);

/** The ids of the wards the person `userId` works on, in order, as a JSON array ([] for none). */
export const wardIdsOf = (userId: SQLWrapper) =>
  sql<
    number[]
  >`coalesce((select json_agg(m.ward_id order by m.ward_id) from ward_members m where m.user_id = ${userId}), '[]'::json)`;

/** Whether the person `userId` works on ward `wardId`. */
export const worksOn = (userId: SQLWrapper, wardId: number) =>
  sql<boolean>`exists (select 1 from ward_members m where m.user_id = ${userId} and m.ward_id = ${wardId})`;
