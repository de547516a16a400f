import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeviceReadingInput } from '@vigil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../log.ts';
import { DeadLetter } from '../store/dead-letter.ts';
import { Journal, type ReadingBody } from '../store/journal.ts';
import { LinkStore } from '../store/link-store.ts';
import { Uploader } from './uploader.ts';
import type { PostOutcome, RotateOutcome, VigilClient } from './vigil-client.ts';

const TOKEN = `vgl_dev_${'a'.repeat(43)}`;
const NEW_TOKEN = `vgl_dev_${'b'.repeat(43)}`;
const OTHER_TOKEN = `vgl_dev_${'c'.repeat(43)}`;
const DAY = 86_400_000;

interface Sent {
  token: string;
  key: string;
  body: string;
}

/** Vigil's ingest as the bridge sees it: a script of outcomes, then "stored". */
class ScriptedVigil implements VigilClient {
  readonly sent: Sent[] = [];
  readonly rotations: string[] = [];
  readonly stored = new Map<string, DeviceReadingInput>();
  script: ((readings: DeviceReadingInput[], token: string) => PostOutcome | undefined)[] = [];
  rotateAnswer: RotateOutcome = { kind: 'unavailable', reason: '404 No API route' };
  /** While set, a request stays in flight until it settles (a slow network). */
  hold: Promise<void> | null = null;

  async postReadings(token: string, key: string, readings: DeviceReadingInput[]): Promise<PostOutcome> {
    this.sent.push({ token, key, body: JSON.stringify(readings) });
    if (this.hold) await this.hold;
    const scripted = this.script.shift()?.(readings, token);
    if (scripted) return scripted;
    let count = 0;
    for (const r of readings) {
      const id = `${r.deviceId}|${r.readingTime}`;
      if (!this.stored.has(id)) count++;
      this.stored.set(id, r);
    }
    return { kind: 'stored', count };
  }

  async rotateToken(token: string): Promise<RotateOutcome> {
    this.rotations.push(token);
    return this.rotateAnswer;
  }
}

const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const reading = (i: number, deviceId = 'c0ffee000001'): ReadingBody => ({
  deviceId,
  deviceName: 'Strap',
  connectionType: 'Bridge',
  readingTime: new Date(Date.UTC(2026, 2, 2, 8, 0, 0, i + 1)).toISOString(),
  heartRate: 60 + (i % 40),
});

async function setup(
  options: { dir?: string; expiresAt?: string | null; linkedAt?: Date; batchSize?: number } = {},
) {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-uploader-'));
  if (!options.dir) dirs.push(dir);
  const links = await LinkStore.open(dir);
  const journal = await Journal.open(dir, { compactAfter: 10_000, log: silentLogger });
  const vigil = new ScriptedVigil();
  const errors: { code: string; message: string }[] = [];
  const changes: string[][] = [];
  if (!options.dir) {
    const expiresAt =
      options.expiresAt === undefined ? new Date(Date.now() + 30 * DAY).toISOString() : options.expiresAt;
    await links.link('c0ffee000001', 7, TOKEN, expiresAt, options.linkedAt ?? new Date());
  }
  const uploader = new Uploader({
    journal,
    links,
    client: vigil,
    deadLetter: new DeadLetter(dir),
    log: silentLogger,
    now: () => new Date(),
    batchSize: options.batchSize ?? 3,
    retryMaxMs: 40,
    onSyncChange: (ids) => changes.push(ids),
    onError: (e) => errors.push(e),
  });
  const add = async (items: ReadingBody[], patientId: number | null = 7) => {
    await journal.appendReadings(items.map((reading) => ({ patientId, reading })));
    if (patientId !== null) uploader.readingsAdded();
  };
  const stop = async () => {
    await uploader.stop();
    await journal.close();
  };
  stops.push(stop);
  return { dir, links, journal, vigil, uploader, errors, changes, add, stop };
}

/**
 * Proves the uploader has looked at every reading journaled so far: a reading of another linked
 * device (patient 8) is journaled after them and waited for at Vigil. The loop sends only from what
 * it read of the journal, the first patient with readings first, so once this one is stored the
 * readings journaled before it have been weighed (sent, or held), and none waits on a timer.
 */
async function uploadedPast(ctx: Awaited<ReturnType<typeof setup>>) {
  const marker = reading(0, 'c0ffee000008');
  if (!ctx.links.tokenFor(8))
    await ctx.links.link(
      'c0ffee000008',
      8,
      OTHER_TOKEN,
      new Date(Date.now() + 30 * DAY).toISOString(),
      new Date(),
    );
  await ctx.add([marker], 8);
  const id = `${marker.deviceId}|${marker.readingTime}`;
  await vi.waitFor(() => expect(ctx.vigil.stored.has(id)).toBe(true), { timeout: 10_000 });
}
/** What was sent for patient 7's device (the marker of uploadedPast goes with another token). */
const sentFor7 = (vigil: ScriptedVigil) => vigil.sent.filter((s) => s.token !== OTHER_TOKEN);

/** Lets the event loop turn (I/O included, timers not) until `condition` holds, or fails. */
async function turnsUntil(condition: () => boolean) {
  for (let turn = 0; turn < 20_000 && !condition(); turn++) await new Promise((r) => setImmediate(r));
  expect(condition()).toBe(true);
}

describe('Uploader', () => {
  it('sends linked readings in batches, each once, and only those of a linked device', async () => {
    const { vigil, uploader, journal, add } = await setup();
    uploader.start();
    await add([0, 1, 2, 3, 4, 5, 6].map((i) => reading(i)));
    await add([reading(50, 'unlinked0001')], null);
    await vi.waitFor(() => expect(journal.pendingCount).toBe(0), { timeout: 10_000 });
    expect(vigil.stored.size).toBe(7);
    expect(vigil.sent.map((s) => JSON.parse(s.body).length)).toEqual([3, 3, 1]);
    expect(new Set(vigil.sent.map((s) => s.key)).size).toBe(3);
    expect(vigil.sent.every((s) => s.token === TOKEN)).toBe(true);
    expect(JSON.parse(vigil.sent[0]!.body)[0]).toEqual({ patientId: 7, ...reading(0) });
    expect(uploader.syncState('c0ffee000001', 7)).toMatchObject({
      patientId: 7,
      status: 'idle',
      pendingReadings: 0,
      uploadedReadings: 7,
      lastError: null,
    });
  });

  it('sends a reading at once while nothing is in flight, and what arrives during a request together next', async () => {
    // No timer may run: a reading that waited on one would reach the other screens late.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const { vigil, uploader, add, journal } = await setup({ batchSize: 100 });
      let settle = () => {};
      vigil.hold = new Promise((resolve) => {
        settle = resolve;
      });
      uploader.start();
      await add([reading(0)]);
      await turnsUntil(() => vigil.sent.length === 1);
      await add([reading(1)]);
      await add([reading(2)]);
      expect(vigil.sent).toHaveLength(1);
      vigil.hold = null;
      settle();
      await turnsUntil(() => journal.pendingCount === 0);
      expect(vigil.sent.map((s) => JSON.parse(s.body).length)).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries transient failures with the same key and body until Vigil acknowledges', async () => {
    const { vigil, uploader, add, changes, journal } = await setup();
    const down: PostOutcome = { kind: 'transient', reason: 'ECONNREFUSED', retryAfterMs: null };
    vigil.script = [() => down, () => ({ kind: 'transient', reason: '503', retryAfterMs: 0 }), () => down];
    uploader.start();
    await add([reading(0), reading(1)]);
    await vi.waitFor(() => expect(journal.pendingCount).toBe(0), { timeout: 10_000 });
    expect(vigil.stored.size).toBe(2);
    expect(vigil.sent).toHaveLength(4);
    expect(new Set(vigil.sent.map((s) => s.key)).size).toBe(1);
    expect(new Set(vigil.sent.map((s) => s.body)).size).toBe(1);
    expect(changes.length).toBeGreaterThan(0);
    expect(uploader.syncState('c0ffee000001', 7)).toMatchObject({ status: 'idle', uploadedReadings: 2 });
  });

  it('after a crash, resends the journaled batch under its key before anything new', async () => {
    const first = await setup();
    await first.journal.appendReadings([0, 1].map((i) => ({ patientId: 7, reading: reading(i) })));
    const batch = await first.journal.startBatch(7, [1, 2]);
    const body = JSON.stringify(first.journal.batchBody(batch));
    await first.stop(); // the process dies here, the request's fate unknown

    const second = await setup({ dir: first.dir });
    second.uploader.start();
    await second.add([reading(2)]);
    await vi.waitFor(() => expect(second.vigil.stored.size).toBe(3), { timeout: 10_000 });
    expect(second.vigil.sent[0]).toEqual({ token: TOKEN, key: batch.key, body });
  });

  it('sets a refused batch aside in the dead letter, says so, and goes on with the next', async () => {
    const { vigil, uploader, add, errors, dir } = await setup({ batchSize: 2 });
    vigil.script = [
      () => ({
        kind: 'rejected',
        status: 422,
        code: 'INVALID_READING',
        message: 'readings[1].heartRate: too high',
      }),
    ];
    uploader.start();
    await add([reading(0), reading(1), reading(2)]);
    await vi.waitFor(() => expect(vigil.stored.size).toBe(1), { timeout: 10_000 });
    expect(vigil.sent).toHaveLength(2); // never retried
    expect(errors).toEqual([
      expect.objectContaining({ code: 'UPLOAD_REJECTED', message: expect.stringMatching(/set aside/) }),
    ]);
    const dead = fs
      .readFileSync(path.join(dir, 'dead-letter.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      status: 422,
      code: 'INVALID_READING',
      readings: [{ heartRate: 60 }, { heartRate: 61 }],
    });
    expect(JSON.stringify(dead)).not.toContain(TOKEN);
    await vi.waitFor(
      () =>
        expect(uploader.syncState('c0ffee000001', 7)).toMatchObject({
          rejectedReadings: 2,
          uploadedReadings: 1,
        }),
      { timeout: 10_000 },
    );
  });

  it.each([
    [403, 'SIMULATION_DISABLED', 'This server does not accept simulated devices or readings'],
    [409, 'SIMULATION_REAL_PATIENT', 'A real patient never takes simulated values'],
    [404, 'PATIENT_NOT_FOUND', 'Patient not found'],
  ])(
    'a refused batch is not retried in a loop: a %i %s sets one batch aside, says so once and pauses the patient',
    async (status, code, message) => {
      const ctx = await setup({ batchSize: 1 });
      const { vigil, uploader, add, errors, dir, links } = ctx;
      vigil.script = [() => ({ kind: 'rejected', status, code, message })];
      uploader.start();
      await add([reading(0)]);
      await vi.waitFor(() => expect(errors.map((e) => e.code)).toEqual(['UPLOAD_REJECTED']), {
        timeout: 10_000,
      });
      expect(errors[0]!.message).toMatch(/paused until the device is synced to a patient again/);
      expect(links.tokenFor(7)?.refused).toBe(true);
      // The simulator goes on, a reading a second: none is sent, none is set aside.
      await add([reading(1), reading(2), reading(3)]);
      await uploadedPast(ctx);
      expect(sentFor7(vigil)).toHaveLength(1);
      expect(fs.readFileSync(path.join(dir, 'dead-letter.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
      expect(errors).toHaveLength(1);
      expect(uploader.syncState('c0ffee000001', 7)).toMatchObject({ status: 'paused', pendingReadings: 3 });

      // Synced again (a new link and token): the held readings go.
      await links.link(
        'c0ffee000001',
        7,
        NEW_TOKEN,
        new Date(Date.now() + 30 * DAY).toISOString(),
        new Date(),
      );
      uploader.tokenChanged(7);
      await vi.waitFor(() => expect(vigil.stored.size).toBe(4), { timeout: 10_000 }); // and the marker
      expect(
        sentFor7(vigil)
          .slice(1)
          .every((s) => s.token === NEW_TOKEN),
      ).toBe(true);
    },
  );

  it('on a refused token: sets the batch aside, holds later readings, and sends them with a new token', async () => {
    const ctx = await setup({ batchSize: 2 });
    const { vigil, uploader, add, errors, links } = ctx;
    vigil.script = [
      () => ({ kind: 'token-refused', message: 'The device token is unknown, expired or revoked' }),
    ];
    uploader.start();
    await add([reading(0), reading(1)]);
    await vi.waitFor(() => expect(errors.map((e) => e.code)).toEqual(['TOKEN_REFUSED']), { timeout: 10_000 });
    expect(links.tokenFor(7)?.refused).toBe(true);
    await add([reading(2), reading(3)]);
    await uploadedPast(ctx);
    expect(sentFor7(vigil)).toHaveLength(1); // held, not sent with a token known to be refused
    expect(uploader.syncState('c0ffee000001', 7)).toMatchObject({ status: 'paused', pendingReadings: 2 });

    await links.link('c0ffee000001', 7, NEW_TOKEN, new Date(Date.now() + 30 * DAY).toISOString(), new Date());
    uploader.tokenChanged(7);
    await vi.waitFor(() => expect(vigil.stored.size).toBe(3), { timeout: 10_000 }); // and the marker
    expect(vigil.sent.at(-1)!.token).toBe(NEW_TOKEN);
  });

  it('rotates a token near its expiry before using it, and keeps the new one', async () => {
    // A 30-day token with 2 days left.
    const { vigil, uploader, add, links, dir } = await setup({
      expiresAt: new Date(Date.now() + 2 * DAY).toISOString(),
      linkedAt: new Date(Date.now() - 28 * DAY),
    });
    const expiresAt = new Date(Date.now() + 30 * DAY).toISOString();
    vigil.rotateAnswer = { kind: 'rotated', token: NEW_TOKEN, expiresAt };
    uploader.start();
    await add([reading(0)]);
    await vi.waitFor(() => expect(vigil.stored.size).toBe(1), { timeout: 10_000 });
    expect(vigil.rotations).toEqual([TOKEN]);
    expect(vigil.sent.map((s) => s.token)).toEqual([NEW_TOKEN]);
    expect(links.tokenFor(7)).toMatchObject({ token: NEW_TOKEN, expiresAt, refused: false });
    const file = path.join(dir, 'links.json');
    expect(fs.readFileSync(file, 'utf8')).toContain(NEW_TOKEN);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('without a rotation route, keeps uploading with the token it has and asks again later', async () => {
    const { vigil, uploader, add } = await setup({ expiresAt: null });
    uploader.start();
    await add([reading(0)]);
    await add([reading(1)]);
    await vi.waitFor(() => expect(vigil.stored.size).toBe(2), { timeout: 10_000 });
    expect(vigil.rotations).toEqual([TOKEN]); // expiry unknown: asked once, not before every batch
    expect(vigil.sent.every((s) => s.token === TOKEN)).toBe(true);
  });
});
