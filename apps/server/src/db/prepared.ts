import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

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

/** Runs one statement with positional parameters ($1, $2 …) and returns its rows. */
export type Run = <Row = Record<string, unknown>>(statement: Statement, params: unknown[]) => Promise<Row[]>;

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
