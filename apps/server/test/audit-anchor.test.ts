import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuditVerification } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalRow } from '../src/modules/audit/repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { type Session, signIn, signUp } from './support/factories.ts';

/**
 * The audit chain against someone who controls the database but not the server's key: the rows are
 * chained with a keyed hash (HMAC, key outside the database) and the server writes signed
 * checkpoints (row count and head hash) outside the database at a fixed interval. Deleting the last
 * rows, or changing a row and re-hashing every row after it, is found by `verify`.
 */
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** A trail with a few rows and a checkpoint written after them (the interval is a second here). */
async function trailWithCheckpoint(): Promise<{ t: TestApp; admin: Session }> {
  const t = await createTestApp({ env: { AUDIT_CHECKPOINT_INTERVAL_SECONDS: '1' } });
  opened.push(t);
  const admin = await signUp(t.app);
  for (let i = 0; i < 6; i++) await signIn(t.app, admin.user.username);
  // Two intervals: a checkpoint of the rows above is written (outside the database).
  await new Promise((r) => setTimeout(r, 2500));
  return { t, admin: await signIn(t.app, admin.user.username) };
}

type Row = Record<string, unknown> & { id: number | string; hash: string; prev_hash: string };
async function rowsOf(t: TestApp): Promise<Row[]> {
  const result = await t.database.db.execute(sql`select * from audit_events order by id`);
  return (result as unknown as { rows: Row[] }).rows;
}

async function asSuperuser(t: TestApp, statements: ReturnType<typeof sql>[]) {
  const db = t.database.db;
  await db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
  for (const statement of statements) await db.execute(statement);
  await db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
}

async function verify(t: TestApp, cookie: string): Promise<AuditVerification> {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit-events/verify', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as AuditVerification;
}

/** The published (unkeyed) hash a superuser without the key can compute: SHA-256 over the link. */
const unkeyedHash = (prevHash: string, row: Row) =>
  createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(
      canonicalRow({
        at: new Date(row.at as string),
        userId: row.user_id as number | null,
        username: row.username as string | null,
        role: row.role as string | null,
        action: row.action as string,
        entityType: row.entity_type as string,
        entityId: row.entity_id as string | null,
        patientId: row.patient_id as number | null,
        outcome: row.outcome as string,
        detail: row.detail as string | null,
        address: row.address as string | null,
        userAgent: row.user_agent as string | null,
        requestId: row.request_id as string | null,
      }),
    )
    .digest('hex');

describe('tampering by someone without the key', () => {
  it('finds the last rows deleted, against the checkpoint written outside the database', async () => {
    const { t, admin } = await trailWithCheckpoint();
    expect(await verify(t, admin.cookie)).toMatchObject({ ok: true });
    const all = await rowsOf(t);
    const cut = all.slice(-4).map((r) => Number(r.id));
    await asSuperuser(t, [sql`delete from audit_events where id >= ${cut[0]}`]);
    const verdict = await verify(t, admin.cookie);
    console.log(`after deleting the last ${cut.length} rows: ${JSON.stringify(verdict)}`);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstBroken?.reason).toMatch(/removed/);
  });

  it('finds a row changed and every row after it re-hashed', async () => {
    const { t, admin } = await trailWithCheckpoint();
    const all = await rowsOf(t);
    const from = 2;
    const target = all[from]!;
    await asSuperuser(t, [sql`update audit_events set detail = 'edited' where id = ${target.id}`]);
    let prev = all[from - 1]!.hash;
    const rewrites: ReturnType<typeof sql>[] = [];
    for (const row of all.slice(from)) {
      const changed = { ...row, detail: row.id === target.id ? 'edited' : row.detail };
      const hash = unkeyedHash(prev, changed);
      rewrites.push(sql`update audit_events set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`);
      prev = hash;
    }
    await asSuperuser(t, rewrites);
    const verdict = await verify(t, admin.cookie);
    console.log(`after changing row ${target.id} and re-hashing the rest: ${JSON.stringify(verdict)}`);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstBroken?.id).toBe(Number(target.id));
  });

  it('finds a whole chain re-hashed from its first row against the checkpoint', async () => {
    const { t, admin } = await trailWithCheckpoint();
    const all = await rowsOf(t);
    let prev = '0'.repeat(64);
    const rewrites: ReturnType<typeof sql>[] = [];
    for (const row of all) {
      const hash = unkeyedHash(prev, row);
      rewrites.push(
        sql`update audit_events set prev_hash = ${prev}, hash = ${hash}, hash_alg = 'sha256' where id = ${row.id}`,
      );
      prev = hash;
    }
    await asSuperuser(t, rewrites);
    const verdict = await verify(t, admin.cookie);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstBroken?.reason).toMatch(/checkpoint/);
  });
});

describe('rows written before the key', () => {
  it('still verify as they were hashed, and the keyed chain goes on from them; none may follow a keyed row', async () => {
    const t = await createTestApp();
    opened.push(t);
    const db = t.database.db;
    // Two rows as the server wrote them before the chain was keyed (SHA-256, hash_alg sha256).
    let prev = '0'.repeat(64);
    for (const detail of ['legacy one', 'legacy two']) {
      const row = {
        id: 0,
        hash: '',
        prev_hash: prev,
        at: '2026-03-01T08:00:00.000Z',
        user_id: null,
        username: null,
        role: null,
        action: 'execute',
        entity_type: 'Legacy',
        entity_id: null,
        patient_id: null,
        outcome: 'success',
        detail,
        address: null,
        user_agent: null,
        request_id: null,
      } satisfies Row;
      const hash = unkeyedHash(prev, row);
      await db.execute(sql`insert into audit_events (at, action, entity_type, outcome, detail, prev_hash, hash, hash_alg)
        values (${row.at}, 'execute', 'Legacy', 'success', ${detail}, ${prev}, ${hash}, 'sha256')`);
      prev = hash;
    }
    const admin = await signUp(t.app);
    await signIn(t.app, admin.user.username);
    expect(await verify(t, admin.cookie)).toMatchObject({ ok: true, firstBroken: null });
    const keyed = await rowsOf(t);
    expect(keyed[2]!.prev_hash).toBe(prev);
    expect(keyed[2]!.hash_alg).toBe('hmac-sha256');

    // A keyed row turned into an unkeyed one (its hash recomputed without the key) is found.
    const last = keyed.at(-1)!;
    await asSuperuser(t, [
      sql`update audit_events set hash_alg = 'sha256', hash = ${unkeyedHash(last.prev_hash, last)} where id = ${last.id}`,
    ]);
    const verdict = await verify(t, admin.cookie);
    expect(verdict).toMatchObject({ ok: false, firstBroken: { id: Number(last.id) } });
  });
});

describe('the key', () => {
  it('is created once in the data folder, readable by the server’s user only, and refused when others can read it', async () => {
    const { loadAuditKey } = await import('../src/modules/audit/anchor.ts');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-audit-key-'));
    try {
      const key = loadAuditKey({ key: null, dataDir });
      expect(key).toHaveLength(32);
      const file = path.join(dataDir, 'audit.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadAuditKey({ key: null, dataDir }).equals(key)).toBe(true);
      fs.chmodSync(file, 0o644);
      expect(() => loadAuditKey({ key: null, dataDir })).toThrow(/audit\.key.*chmod 600/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
