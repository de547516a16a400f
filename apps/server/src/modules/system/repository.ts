import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What the server reads of its own database: where its migrations stand. */
export function createSystemRepository(db: Db) {
  return {
    /**
     * When the newest applied migration was made (drizzle-kit's `when`, recorded by the migrator),
     * or null before any; fails when the database does not answer.
     */
    async newestMigrationAt(): Promise<number | null> {
      try {
        const result = await db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
        const at = (result as unknown as { rows: { at: string | number | null }[] }).rows[0]?.at;
        return at === null || at === undefined ? null : Number(at);
      } catch (error) {
        // No migration table yet is a database that answers, with nothing applied.
        if ((error as { code?: string }).code === '42P01') return null;
        throw error;
      }
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
