import { Column, eq, is, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/auth/schema.ts';
import { vitalReadings } from '../modules/readings/schema.ts';
import { readView } from './read-view.ts';

const qb = new QueryBuilder();
const db = drizzle.mock();
const readings = () => qb.select().from(vitalReadings);
const names = () => qb.select({ id: users.id, username: users.username }).from(users);

describe('readView', () => {
  it("writes the same SQL as Drizzle's own subquery, joined and aliased twice", () => {
    const statement = (r: ReturnType<ReturnType<typeof readings>['as']>, a: typeof by, b: typeof by) =>
      db
        .select({ id: r.id, at: r.readingTime, recorder: a.username, corrector: b.username })
        .from(r)
        .leftJoin(a, eq(a.id, r.recordedBy))
        .leftJoin(b, eq(b.id, r.correctedBy))
        .where(eq(r.patientId, 7))
        .toSQL();
    const by = names().as('a' as string);
    expect(statement(readView(readings(), 'r'), readView(names(), 'a'), readView(names(), 'b'))).toEqual(
      statement(readings().as('r'), by, names().as('b' as string)),
    );
    expect(db.select().from(readView(names(), 'p')).toSQL()).toEqual(
      db.select().from(names().as('p')).toSQL(),
    );
  });

  it("decodes each value as the table's column does, with one column object per field", () => {
    const view = readView(readings(), 'r');
    expect(is(view.readingTime, Column)).toBe(true);
    expect(view.readingTime).toBe(view.readingTime);
    const stored = '2026-11-29 08:00:00.123+00';
    expect(view.readingTime.mapFromDriverValue(stored)).toEqual(
      vitalReadings.readingTime.mapFromDriverValue(stored),
    );
  });

  it('refuses a view with parameters or with a field that is not a column', () => {
    expect(() => readView(qb.select().from(users).where(eq(users.id, 1)), 'u')).toThrow(/no parameters/);
    expect(() => readView(qb.select({ n: sql<number>`1`.as('n') }).from(users), 'u')).toThrow(/columns only/);
  });
});
