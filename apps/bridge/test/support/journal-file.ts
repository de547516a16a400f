import fs from 'node:fs';
import path from 'node:path';

export interface JournaledReading {
  patientId: number | null;
  deviceId: string;
  readingTime: string;
  heartRate?: number;
}

/** Every reading the bridge took in, as its journal on disk says (torn last line skipped). */
export function journaledReadings(dataDir: string): JournaledReading[] {
  const text = fs.readFileSync(path.join(dataDir, 'journal.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const record = JSON.parse(line);
        return record.op === 'reading' ? [{ patientId: record.patientId, ...record.reading }] : [];
      } catch {
        return [];
      }
    });
}

/** Ids of the batches journaled and neither acknowledged nor set aside. */
export function openBatches(dataDir: string): string[] {
  const records = fs
    .readFileSync(path.join(dataDir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { op: string; id?: string }];
      } catch {
        return [];
      }
    });
  const settled = new Set(records.filter((r) => r.op === 'ack' || r.op === 'dead').map((r) => r.id));
  return records.filter((r) => r.op === 'batch' && !settled.has(r.id)).map((r) => r.id!);
}
