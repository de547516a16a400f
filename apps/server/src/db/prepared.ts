import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Hand-written SQL for the hot paths (the ingest). On PostgreSQL a statement is prepared once per
 * connection under its name, so it is parsed and planned once rather than on every request; on
 * PGlite the name is ignored. Everything else goes through Drizzle's query builder (decision 007).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

/**
 * A change that runs first in another module's statement, so the change and what records it take
 * one round trip (the ingest's new vital signs and their live events, decision 007). `text` is a
 * `with … as (…)` clause whose parameters are numbered from $2 ($1 is the joined statement's own);
 * `name` names the prepared statement the two make together.
 */
export interface Prelude {
  readonly name: string;
  readonly text: string;
  readonly params: readonly unknown[];
}

/** A timestamp as epoch milliseconds (float8): cheaper for the driver to read than a timestamp. */
export const epochMs = (expression: string) => `floor(extract(epoch from ${expression}) * 1000)::float8`;

/** Runs one statement with positional parameters ($1, $2 …) and returns its rows. */
export type Run = <Row = Record<string, unknown>>(statement: Statement, params: unknown[]) => Promise<Row[]>;

/**
 * Runs statements inside a Drizzle transaction (or on the database), so a statement written for a
 * prepared-statement transaction serves Drizzle callers too. Unprepared: for the less frequent paths.
 */
export function runOn(db: Pick<PgDatabase<PgQueryResultHKT>, 'execute'>): Run {
  return async <Row>(st: Statement, params: unknown[]) => {
    // "…$1::json…" → raw text and bound parameters, in order; an array stays one parameter (a
    // plain interpolation would spread it into a list).
    const chunks: SQL[] = st.text
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`));
    const result = await db.execute(sql.join(chunks));
    return (result as unknown as { rows: Row[] }).rows;
  };
}

/** The table's columns, quoted, in declaration order: a `select` list matching {@link rowMapper}. */
export function columnList(table: Table, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return Object.values(getTableColumns(table))
    .map((c) => `${prefix}"${c.name}"`)
    .join(', ');
}

/**
 * Maps a raw row of `table` (column names, driver values) to the shape Drizzle's own queries
 * return, using each column's Drizzle mapping; so a row read here equals the same row read there.
 */
export function rowMapper<T extends Table>(table: T): (raw: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}
