import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DeviceReadingInput } from '@vigil/domain';
import type { Logger } from '../log.ts';
import { fsyncDir } from './fs-durable.ts';

/** A reading as the bridge took it in; the patient is added when it is sent. */
export type ReadingBody = Omit<DeviceReadingInput, 'patientId'> & { deviceId: string; readingTime: string };

export interface StoredReading {
  seq: number;
  /** null: the device was not linked to a patient; kept locally, never uploaded. */
  patientId: number | null;
  reading: ReadingBody;
}

/** A batch as it is sent: its composition and key are on disk before the first attempt. */
export interface OpenBatch {
  id: string;
  key: string;
  patientId: number;
  seqs: number[];
}

type Record =
  | { op: 'reading'; seq: number; patientId: number | null; reading: ReadingBody }
  | { op: 'batch'; id: string; key: string; patientId: number; seqs: number[] }
  | { op: 'ack'; id: string }
  | { op: 'dead'; id: string };

type Job = { kind: 'write'; records: Record[] } | { kind: 'compact' };

/**
 * The durable queue between the devices and Vigil: an append-only JSON-lines file, fsynced before
 * any append is acknowledged (the group of appends waiting meanwhile shares one fsync). Readings
 * are recorded before anyone hears of them; a batch's composition and Idempotency-Key are recorded
 * before it is sent, so after a crash it is resent byte for byte under the same key. Settled
 * records pile up until `compactAfter`, then the file is rewritten with the live ones only.
 */
export class Journal {
  private readonly readings = new Map<number, StoredReading>();
  private readonly batches = new Map<string, OpenBatch>();
  /** seq → open batch id: a reading is in at most one open batch. */
  private readonly inBatch = new Map<number, string>();
  private nextSeq = 1;
  private settled = 0;
  private size = 0;
  private jobs: { job: Job; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;
  private compacting = false;

  private readonly file: string;
  private handle: fs.promises.FileHandle;
  private readonly compactAfter: number;
  private readonly log: Logger;

  private constructor(file: string, handle: fs.promises.FileHandle, compactAfter: number, log: Logger) {
    this.file = file;
    this.handle = handle;
    this.compactAfter = compactAfter;
    this.log = log;
  }

  static async open(dir: string, options: { compactAfter: number; log: Logger }): Promise<Journal> {
    const file = path.join(dir, 'journal.jsonl');
    const existed = fs.existsSync(file);
    const handle = await fs.promises.open(file, 'a+', 0o600);
    const journal = new Journal(file, handle, options.compactAfter, options.log);
    if (!existed) await fsyncDir(dir);
    await journal.recover();
    return journal;
  }

  private async recover() {
    const text = await this.handle.readFile('utf8');
    const lastNewline = text.lastIndexOf('\n');
    const complete = text.slice(0, lastNewline + 1);
    if (complete.length < text.length) {
      // A line torn by a crash mid-write: it was never acknowledged, so it is dropped.
      this.log.warn('journal: dropping an incomplete last line left by a crash');
      await this.handle.truncate(Buffer.byteLength(complete));
    }
    this.size = Buffer.byteLength(complete);
    let skipped = 0;
    for (const line of complete.split('\n')) {
      if (!line) continue;
      try {
        this.apply(JSON.parse(line) as Record);
      } catch {
        skipped++;
      }
    }
    if (skipped > 0) this.log.warn('journal: unreadable lines skipped', { skipped });
  }

  /** Applies a record to the in-memory view (on recovery, and after each durable append). */
  private apply(r: Record) {
    switch (r.op) {
      case 'reading':
        this.nextSeq = Math.max(this.nextSeq, r.seq + 1);
        if (r.patientId === null) this.settled++;
        else this.readings.set(r.seq, { seq: r.seq, patientId: r.patientId, reading: r.reading });
        return;
      case 'batch':
        this.batches.set(r.id, { id: r.id, key: r.key, patientId: r.patientId, seqs: r.seqs });
        for (const seq of r.seqs) this.inBatch.set(seq, r.id);
        return;
      case 'ack':
      case 'dead': {
        const batch = this.batches.get(r.id);
        this.settled++;
        if (!batch) return;
        this.batches.delete(r.id);
        for (const seq of batch.seqs) {
          this.inBatch.delete(seq);
          if (this.readings.delete(seq)) this.settled++;
        }
        this.settled++; // the batch record itself
        return;
      }
    }
  }

  private run(job: Job): Promise<void> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ job, resolve, reject });
      this.running ??= this.drain();
    });
  }

  private async drain() {
    try {
      while (this.jobs.length > 0) {
        const first = this.jobs[0]!;
        if (first.job.kind === 'compact') {
          this.jobs.shift();
          await this.compactNow().then(first.resolve, first.reject);
          continue;
        }
        // Every write waiting now goes out with one write and one fsync (group commit).
        let end = 0;
        while (end < this.jobs.length && this.jobs[end]!.job.kind === 'write') end++;
        const group = this.jobs.splice(0, end);
        const records = group.flatMap((g) => (g.job.kind === 'write' ? g.job.records : []));
        const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
        try {
          await this.handle.write(text, this.size, 'utf8');
          await this.handle.datasync();
          this.size += Buffer.byteLength(text);
          // Applied here, before anything else runs: a compaction next in line must see them.
          for (const r of records) this.apply(r);
          for (const g of group) g.resolve();
        } catch (error) {
          // Cut a partial write off so the next append starts on a clean line.
          await this.handle.truncate(this.size).catch(() => {});
          for (const g of group) g.reject(error);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private append(records: Record[]): Promise<void> {
    return this.run({ kind: 'write', records });
  }

  /** Records readings durably; resolves when they are on disk. */
  async appendReadings(
    items: { patientId: number | null; reading: ReadingBody }[],
  ): Promise<StoredReading[]> {
    const records = items.map((item) => ({ op: 'reading' as const, seq: this.nextSeq++, ...item }));
    await this.append(records);
    // Readings of unlinked devices settle at once: they too must not grow the file for ever.
    await this.compactIfDue();
    return records.map(({ seq, patientId, reading }) => ({ seq, patientId, reading }));
  }

  /** Readings waiting for Vigil and not yet in a batch, oldest first. */
  unbatched(patientId?: number): StoredReading[] {
    const out: StoredReading[] = [];
    for (const r of this.readings.values()) {
      if (!this.inBatch.has(r.seq) && (patientId === undefined || r.patientId === patientId)) out.push(r);
    }
    return out.sort((a, b) => a.seq - b.seq);
  }

  openBatches(): OpenBatch[] {
    return [...this.batches.values()];
  }

  /** Fixes a batch's composition and Idempotency-Key on disk before it is first sent. */
  async startBatch(patientId: number, seqs: number[]): Promise<OpenBatch> {
    const batch = { id: randomUUID(), key: `bridge-${randomUUID()}`, patientId, seqs };
    await this.append([{ op: 'batch', ...batch }]);
    return batch;
  }

  /** The body of a batch: the same bytes on every attempt, before and after a restart. */
  batchBody(batch: OpenBatch): DeviceReadingInput[] {
    return batch.seqs.map((seq) => ({ patientId: batch.patientId, ...this.readings.get(seq)!.reading }));
  }

  async settleBatch(id: string, outcome: 'ack' | 'dead'): Promise<void> {
    await this.append([{ op: outcome, id }]);
    await this.compactIfDue();
  }

  private async compactIfDue() {
    if (this.settled >= this.compactAfter && !this.compacting) {
      this.compacting = true;
      await this.run({ kind: 'compact' }).finally(() => {
        this.compacting = false;
      });
    }
  }

  /** Readings of a device not yet acknowledged by Vigil. */
  pendingFor(deviceId: string): number {
    let n = 0;
    for (const r of this.readings.values()) if (r.reading.deviceId === deviceId) n++;
    return n;
  }

  get pendingCount(): number {
    return this.readings.size;
  }

  private async compactNow() {
    const live: Record[] = [
      ...[...this.readings.values()]
        .sort((a, b) => a.seq - b.seq)
        .map((r) => ({ op: 'reading' as const, ...r })),
      ...[...this.batches.values()].map((b) => ({ op: 'batch' as const, ...b })),
    ];
    const text = live.map((r) => `${JSON.stringify(r)}\n`).join('');
    const tmp = `${this.file}.compact`;
    const handle = await fs.promises.open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, this.file);
    await fsyncDir(path.dirname(this.file));
    const old = this.handle;
    this.handle = await fs.promises.open(this.file, 'a+', 0o600);
    await old.close();
    this.log.info('journal compacted', { settledDropped: this.settled, liveRecords: live.length });
    this.settled = 0;
    this.size = Buffer.byteLength(text);
  }

  async close(): Promise<void> {
    await this.running;
    await this.handle.close();
  }
}
