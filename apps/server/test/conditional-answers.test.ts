import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

/**
 * The ward list, a record and its analysis carry an ETag; a client that sends it back in
 * If-None-Match gets 304 while nothing the answer shows has changed, and 200 with a new ETag after
 * a reading, an edit, a monitoring exception, or time turning a value stale.
 */
let t: TestApp;
/** The first account (an administrator, who holds every clinical permission too). */
let nurse: Session;

const get = (path: string, cookie: string, etag?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } });

/** The ETag of a 200 answer. */
async function etagOf(path: string, cookie = nurse.cookie): Promise<string> {
  const res = await get(path, cookie);
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).toMatch(/^(W\/)?"[A-Za-z0-9_-]+"$/);
  return res.headers.etag as string;
}

/** The path answers 200 with a new ETag (and the body that goes with it) for a client holding `etag`. */
async function expectChanged(path: string, etag: string): Promise<string> {
  const res = await get(path, nurse.cookie, etag);
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).not.toBe(etag);
  expect(res.body.length).toBeGreaterThan(0);
  return res.headers.etag as string;
}

async function expectUnchanged(path: string, etag: string, cookie = nurse.cookie) {
  const res = await get(path, cookie, etag);
  expect(res.statusCode).toBe(304);
  expect(res.body).toBe('');
  expect(res.headers.etag).toBe(etag);
}

beforeAll(async () => {
  t = await createTestApp();
  nurse = await signUp(t.app);
});
afterAll(() => t.close());

describe('conditional answers (ETag, If-None-Match)', () => {
  it('answers 304 to an unchanged list and record, and 200 with a new ETag after an edit', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Etag Edit' });
    const paths = ['/api/patients', `/api/patients/${p.id}`];
    const etags = await Promise.all(paths.map((path) => etagOf(path)));
    for (const [i, path] of paths.entries()) await expectUnchanged(path, etags[i]!);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${p.id}`,
      headers: { cookie: nurse.cookie },
      payload: { condition: 'Improving' },
    });
    expect(edit.statusCode).toBe(200);
    for (const [i, path] of paths.entries()) {
      const fresh = await expectChanged(path, etags[i]!);
      await expectUnchanged(path, fresh);
    }
    const record = await get(`/api/patients/${p.id}`, nurse.cookie);
    expect(record.json()).toMatchObject({ id: p.id, condition: 'Improving' });
  });

  it('changes the ETags of the list, the record and the analysis after a reading', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Etag Reading' });
    const paths = ['/api/patients', `/api/patients/${p.id}`, `/api/patients/${p.id}/analysis`];
    const etags = await Promise.all(paths.map((path) => etagOf(path)));
    await expectUnchanged(paths[2]!, etags[2]!);
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: t.clock.now().toISOString(),
      heartRate: 131,
    });
    for (const [i, path] of paths.entries()) await expectChanged(path, etags[i]!);
    expect((await get(`/api/patients/${p.id}`, nurse.cookie)).json()).toMatchObject({ pulse: 131 });
  });

  it('changes the ETag when a monitoring exception is recorded', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Etag Exception' });
    const etag = await etagOf(`/api/patients/${p.id}`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${p.id}/monitoring-exception`,
      headers: { cookie: nurse.cookie },
      payload: {
        reason: 'declined',
        note: 'Asked to be left to rest',
        reviewAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
      },
    });
    expect(res.statusCode).toBe(200);
    await expectChanged(`/api/patients/${p.id}`, etag);
  });

  it('changes the ETag when time alone changes the answer (a value turns stale)', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Etag Stale' });
    const before = await get(`/api/patients/${p.id}`, nurse.cookie);
    expect(before.json().news2.stale).toEqual([]);
    t.clock.advance(24 * 3_600_000);
    nurse = await signIn(t.app, nurse.user.username); // the session's idle limit passed too
    const after = await get(`/api/patients/${p.id}`, nurse.cookie, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().news2.stale.length).toBeGreaterThan(0);
  });

  it('gives a search its own ETag, and another person the same one for the same answer', async () => {
    await admitPatient(t.app, nurse.cookie, { name: 'Zebediah Searchable' });
    const all = await etagOf('/api/patients');
    const found = await etagOf('/api/patients?search=zebediah');
    expect(found).not.toBe(all);
    const search = await get('/api/patients?search=zebediah', nurse.cookie);
    expect(search.json().map((p: { name: string }) => p.name)).toEqual(['Zebediah Searchable']);
    // Nothing in these answers depends on who asks: a doctor revalidates the nurse's copy.
    const doctor = await signUpAs(t.app, nurse.cookie, 'doctor');
    expect(await etagOf('/api/patients', doctor.cookie)).toBe(all);
    await expectUnchanged('/api/patients', all, doctor.cookie);
  });

  it('refuses a 304 to a caller who may not read patients, whatever ETag they send', async () => {
    const etag = await etagOf('/api/patients');
    const auditor = await signUpAs(t.app, nurse.cookie, 'auditor');
    expect((await get('/api/patients', auditor.cookie, etag)).statusCode).toBe(403);
    expect((await get('/api/patients', 'vigil_session=unknown', etag)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown record', async () => {
    expect((await get('/api/patients/987654', nurse.cookie)).statusCode).toBe(404);
  });
});
