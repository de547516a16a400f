import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.ts';
import { Journal, type ReadingBody } from './journal.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-journal-'));
  dirs.push(dir);
  return dir;
}

const open = (dir: string, compactAfter = 1000) => Journal.open(dir, { compactAfter, log: silentLogger });
const reading = (i: number): ReadingBody => ({
  deviceId: 'c0ffee000001',
  deviceName: 'Strap',
  connectionType: 'Bridge',
  readingTime: new Date(Date.UTC(2026, 2, 2, 8, 0, 0, i + 1)).toISOString(),
  heartRate: 60 + i,
});

describe('Journal', () => {
  it('keeps readings and a batch, byte for byte and under the same key, across a restart', async () => {
    const dir = tempDir();
    const first = await open(dir);
    await first.appendReadings([0, 1, 2].map((i) => ({ patientId: 7, reading: reading(i) })));
    await first.appendReadings([{ patientId: null, reading: reading(3) }]); // unlinked: local only
    const batch = await first.startBatch(7, [2, 3]);
    const body = JSON.stringify(first.batchBody(batch));
    await first.close();

    const second = await open(dir);
    expect(second.openBatches()).toEqual([batch]);
    expect(JSON.stringify(second.batchBody(second.openBatches()[0]!))).toBe(body);
    expect(second.unbatched().map((r) => r.reading.heartRate)).toEqual([60]);
    expect(second.pendingCount).toBe(3);
    await second.settleBatch(batch.id, 'ack');
    await second.close();

    const third = await open(dir);
    expect(third.openBatches()).toEqual([]);
    expect(third.unbatched().map((r) => r.seq)).toEqual([1]);
    // New readings never reuse a live sequence number.
    const [next] = await third.appendReadings([{ patientId: 7, reading: reading(9) }]);
    expect(next!.seq).toBeGreaterThan(4);
    await third.close();
    expect(fs.statSync(path.join(dir, 'journal.jsonl')).mode & 0o777).toBe(0o600);
  });

  it('drops a line torn by a crash and appends cleanly after it', async () => {
    const dir = tempDir();
    const j = await open(dir);
    await j.appendReadings([{ patientId: 7, reading: reading(0) }]);
    await j.close();
    fs.appendFileSync(path.join(dir, 'journal.jsonl'), '{"op":"reading","seq":2,"patientId":7,"rea');

    const again = await open(dir);
    expect(again.pendingCount).toBe(1);
    await again.appendReadings([{ patientId: 7, reading: reading(1) }]);
    await again.close();
    const lines = fs.readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).reading.heartRate)).toEqual([60, 61]);
  });

  it('writes concurrent appends in order and resolves each after it is on disk', async () => {
    const dir = tempDir();
    const j = await open(dir);
    const stored = await Promise.all(
      Array.from({ length: 50 }, (_, i) => j.appendReadings([{ patientId: 7, reading: reading(i) }])),
    );
    expect(stored.flat().map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const onDisk = fs.readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n');
    expect(onDisk.map((l) => JSON.parse(l).seq)).toEqual(stored.flat().map((r) => r.seq));
    await j.close();
  });

  it('compacts once settled records pile up, keeping every unsettled reading and open batch', async () => {
    const dir = tempDir();
    const j = await open(dir, 20);
    const file = path.join(dir, 'journal.jsonl');
    for (let round = 0; round < 5; round++) {
      const items = [0, 1, 2, 3].map((i) => ({ patientId: 7, reading: reading(round * 10 + i) }));
      const stored = await j.appendReadings(items);
      const b = await j.startBatch(
        7,
        stored.map((r) => r.seq),
      );
      await j.settleBatch(b.id, round === 4 ? 'dead' : 'ack');
    }
    const keep = await j.appendReadings([{ patientId: 7, reading: reading(99) }]);
    const open1 = await j.startBatch(7, [keep[0]!.seq]);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThan(10); // 5 rounds × 6 records were written
    await j.close();

    const again = await open(dir, 20);
    expect(again.openBatches()).toEqual([open1]);
    expect(again.batchBody(open1)).toEqual([{ patientId: 7, ...reading(99) }]);
    expect(again.pendingCount).toBe(1);
    await again.close();
  });
});

describe('Journal of unlinked devices', () => {
  it('compacts away readings that were never going to be sent', async () => {
    const dir = tempDir();
    const j = await open(dir, 10);
    for (let i = 0; i < 25; i++) await j.appendReadings([{ patientId: null, reading: reading(i) }]);
    await j.appendReadings([{ patientId: 7, reading: reading(30) }]);
    const lines = fs.readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThan(10);
    expect(j.pendingCount).toBe(1);
    await j.close();
  });
});

describe('Journal compaction under load', () => {
  it('loses nothing appended around a compaction', async () => {
    const dir = tempDir();
    const j = await open(dir, 5);
    const stored = await j.appendReadings(
      [0, 1, 2, 3, 4, 5].map((i) => ({ patientId: 7, reading: reading(i) })),
    );
    const batch = await j.startBatch(
      7,
      stored.map((r) => r.seq),
    );
    // The ack makes a compaction due; appends race with it.
    await Promise.all([
      j.settleBatch(batch.id, 'ack'),
      ...[10, 11, 12].map((i) => j.appendReadings([{ patientId: 7, reading: reading(i) }])),
    ]);
    await j.close();
    const again = await open(dir, 5);
    expect(again.unbatched().map((r) => r.reading.heartRate)).toEqual([70, 71, 72]);
    await again.close();
  });
});
