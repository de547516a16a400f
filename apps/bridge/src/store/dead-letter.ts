import fs from 'node:fs';
import path from 'node:path';
import type { DeviceReadingInput } from '@vigil/domain';

export interface DeadLetterEntry {
  at: string;
  batchId: string;
  idempotencyKey: string;
  status: number;
  code: string;
  message: string;
  readings: DeviceReadingInput[];
}

/**
 * Batches Vigil refused for good (a 4xx that no retry can fix), kept beside the journal for a
 * person to inspect or resend; never retried automatically. 0600: they hold vital signs.
 */
export class DeadLetter {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  get file(): string {
    return path.join(this.dir, 'dead-letter.jsonl');
  }

  async add(entry: DeadLetterEntry): Promise<void> {
    const handle = await fs.promises.open(this.file, 'a', 0o600);
    try {
      await handle.write(`${JSON.stringify(entry)}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }
}
