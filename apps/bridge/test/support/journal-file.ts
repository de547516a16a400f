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
