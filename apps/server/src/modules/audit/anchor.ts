import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the audit trail is checked against that the database does not hold (decision 018): a key,
 * from the configuration or a file in the data folder, and checkpoints signed with it, kept in a
 * file outside the database. Someone who controls the database but not the server's files can
 * neither chain a row nor sign a checkpoint.
 */
export interface AuditCheckpoint {
  /** When it was written (ISO). */
  at: string;
  /** Rows in the trail up to and including `headId`. */
  count: number;
  headId: number;
  headHash: string;
}

export interface AuditAnchor {
  /** The keyed hash of a row: HMAC-SHA256 over the previous row's hash and this row's canonical form. */
  chainHash(prevHash: string, canonical: string): string;
  /** Appends a signed checkpoint. */
  write(checkpoint: AuditCheckpoint): Promise<void>;
  /** The checkpoints whose signature holds, in the order written; `unsigned`: lines that do not. */
  read(): Promise<{ checkpoints: AuditCheckpoint[]; unsigned: number }>;
}

/** One key for the chain and one for checkpoints, derived from the configured one (HKDF-SHA256). */
function derive(key: Buffer) {
  const sub = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
  return { chain: sub('vigil audit chain v1'), checkpoint: sub('vigil audit checkpoint v1') };
}

const signed = (c: AuditCheckpoint) => JSON.stringify([c.at, c.count, c.headId, c.headHash]);

function keyed(key: Buffer) {
  const keys = derive(key);
  const sign = (c: AuditCheckpoint) => createHmac('sha256', keys.checkpoint).update(signed(c)).digest('hex');
  return {
    chainHash: (prevHash: string, canonical: string) =>
      createHmac('sha256', keys.chain).update(prevHash).update('\n').update(canonical).digest('hex'),
    sign,
    holds(c: AuditCheckpoint, mac: unknown): boolean {
      if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
      return timingSafeEqual(Buffer.from(mac, 'hex'), Buffer.from(sign(c), 'hex'));
    },
  };
}

function parseLine(line: string): { checkpoint: AuditCheckpoint; mac: unknown } | null {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    if (
      typeof v.at !== 'string' ||
      !Number.isSafeInteger(v.count) ||
      !Number.isSafeInteger(v.headId) ||
      typeof v.headHash !== 'string'
    ) {
      return null;
    }
    return {
      checkpoint: { at: v.at, count: v.count as number, headId: v.headId as number, headHash: v.headHash },
      mac: v.mac,
    };
  } catch {
    return null;
  }
}

/** Checkpoints appended to a file, one signed JSON line each (0600; created when missing). */
export function createFileAuditAnchor(options: { key: Buffer; file: string }): AuditAnchor {
  const k = keyed(options.key);
  fs.mkdirSync(path.dirname(options.file), { recursive: true });
  return {
    chainHash: k.chainHash,
    async write(checkpoint) {
      const line = `${JSON.stringify({ ...checkpoint, mac: k.sign(checkpoint) })}\n`;
      await fs.promises.appendFile(options.file, line, { mode: 0o600 });
    },
    async read() {
      let text: string;
      try {
        text = await fs.promises.readFile(options.file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { checkpoints: [], unsigned: 0 };
        throw error;
      }
      const checkpoints: AuditCheckpoint[] = [];
      let unsigned = 0;
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        const parsed = parseLine(line);
        if (parsed && k.holds(parsed.checkpoint, parsed.mac)) checkpoints.push(parsed.checkpoint);
        else unsigned++;
      }
      return { checkpoints, unsigned };
    },
  };
}

/**
 * Checkpoints kept in this process's memory (an app built without a data folder: tests and
 * benchmarks). Outside the database all the same; gone when the process ends.
 */
export function createMemoryAuditAnchor(key: Buffer = randomBytes(32)): AuditAnchor {
  const k = keyed(key);
  const lines: string[] = [];
  return {
    chainHash: k.chainHash,
    async write(checkpoint) {
      lines.push(JSON.stringify({ ...checkpoint, mac: k.sign(checkpoint) }));
    },
    async read() {
      const checkpoints: AuditCheckpoint[] = [];
      let unsigned = 0;
      for (const line of lines) {
        const parsed = parseLine(line);
        if (parsed && k.holds(parsed.checkpoint, parsed.mac)) checkpoints.push(parsed.checkpoint);
        else unsigned++;
      }
      return { checkpoints, unsigned };
    },
  };
}

export const AUDIT_KEY_FILE = 'audit.key';

/**
 * The audit key: AUDIT_KEY when configured, else the data folder's `audit.key`, created on first
 * start (32 random bytes, base64, mode 0600). A key file others can read is refused: whoever reads
 * it can re-chain a rewritten trail.
 */
export function loadAuditKey(options: { key: Buffer | null; dataDir: string }): Buffer {
  if (options.key) return options.key;
  const file = path.join(options.dataDir, AUDIT_KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `The audit key ${file} can be read by other users (mode ${mode.toString(8)}): chmod 600 ${file}`,
    );
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`The audit key ${file} is not 32 bytes of base64`);
  return key;
}
