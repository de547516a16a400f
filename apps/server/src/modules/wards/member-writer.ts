import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Who works on which ward (`ward_members`) is this module's table
// (apps/server/test/table-owners.test.ts); a new account joins through this function, in the
// registration's transaction. Like patient-writer.ts, a module file that uses Drizzle, and one
// other modules' repositories may import (biome.json).

/**
 * A new account joins the hospital's only ward, when it has one: a hospital of one ward works as
 * before there were wards (decision 035). With several, an administrator chooses.
 */
export async function joinTheOnlyWard(tx: Pick<Db, 'execute'>, userId: number): Promise<void> {
  await tx.execute(
    sql`insert into ward_members (user_id, ward_id) select ${userId}, w.id from wards w
        where (select count(*) from wards) = 1 on conflict do nothing`,
  );
}
