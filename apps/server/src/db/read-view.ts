import { Column, is, type SQLWrapper, Subquery, sql, TableAliasProxyHandler } from 'drizzle-orm';

/** A select of columns with no parameters, as a reader builds it with QueryBuilder (no database). */
interface ColumnSelect<S> extends SQLWrapper {
  as(alias: string): S;
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { selectedFields: unknown };
}

/**
 * A read view (decision 041): `query` as a subquery named `as`, for other modules to join; the same
 * SQL and the same typed columns as `query.as(as)`, but cheaper in a statement that reads many rows.
 * Drizzle's own subquery answers each of its columns through a proxy, and a read of 100,000 rows
 * then called those proxies several times for every value it decoded: a Bulk export of 100,000
 * Observations took 10 % longer (npm run bench -- export). Here each column is resolved once, as an
 * object whose prototype is the table's column (so it decodes as the column does) and whose table is
 * the alias (so it is written `"as"."column"`), and the subquery's text is rendered once.
 */
export function readView<S>(query: ColumnSelect<S>, as: string): S {
  const { sql: text, params } = query.toSQL();
  if (params.length > 0) throw new Error('A read view takes no parameters: its text is rendered once');
  const columns: Record<string, Column> = {};
  for (const [key, field] of Object.entries(query._.selectedFields as Record<string, unknown>)) {
    if (!is(field, Column)) throw new Error(`A read view selects columns only ("${key}" is not one)`);
    const table = new Proxy(field.table, new TableAliasProxyHandler(as, false));
    columns[key] = Object.create(field, { table: { value: table } });
  }
  const usedTables = (query.as(as) as unknown as Subquery)._.usedTables ?? [];
  return Object.assign(new Subquery(sql.raw(text), columns, as, false, usedTables), columns) as S;
}
