import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './fs-durable.ts';

const TokenEntry = z.object({
  token: z.string(),
  /** null until known (the page did not say, and no rotation has answered yet). */
  expiresAt: z.string().nullable(),
  obtainedAt: z.string(),
  /** Vigil answered 401 to it: revoked or expired. Uploads for the patient wait for a new one. */
  refused: z.boolean(),
});
export type TokenEntry = z.infer<typeof TokenEntry>;

const LinksFile = z.object({
  version: z.literal(1),
  /** Makes simulated device ids unique per installation, so two bridges never share one. */
  installationId: z.string(),
  /** Device tokens by patient id: a re-linked device's older readings still go out with theirs. */
  tokens: z.record(z.string(), TokenEntry),
  links: z.record(z.string(), z.object({ patientId: z.number().int().positive(), linkedAt: z.string() })),
  /** Devices the person asked to connect, reconnected after a restart of the bridge. */
  wanted: z.record(z.string(), z.object({ name: z.string().nullable() })),
});
type LinksFile = z.infer<typeof LinksFile>;

/**
 * Device links, device tokens and wanted devices, in one file readable by the bridge's user only
 * (0600). Each change replaces the file atomically before it takes effect.
 */
export class LinkStore {
  private writing: Promise<void> = Promise.resolve();

  private readonly file: string;
  private data: LinksFile;

  private constructor(file: string, data: LinksFile) {
    this.file = file;
    this.data = data;
  }

  static async open(dir: string): Promise<LinkStore> {
    const file = path.join(dir, 'links.json');
    if (!fs.existsSync(file)) {
      const store = new LinkStore(file, {
        version: 1,
        installationId: randomBytes(3).toString('hex'),
        tokens: {},
        links: {},
        wanted: {},
      });
      await store.save();
      return store;
    }
    const parsed = LinksFile.safeParse(JSON.parse(await fs.promises.readFile(file, 'utf8')));
    if (!parsed.success)
      throw new Error(`${file} is not a bridge links file; move it away and link the devices again`);
    // Tighten permissions a copy or an older version may have loosened.
    await fs.promises.chmod(file, 0o600);
    return new LinkStore(file, parsed.data);
  }

  private save(): Promise<void> {
    const snapshot = JSON.stringify(this.data, null, 2);
    this.writing = this.writing.catch(() => {}).then(() => writeFileAtomic(this.file, snapshot));
    return this.writing;
  }

  get installationId(): string {
    return this.data.installationId;
  }

  patientFor(deviceId: string): number | null {
    return this.data.links[deviceId]?.patientId ?? null;
  }

  tokenFor(patientId: number): TokenEntry | null {
    return this.data.tokens[String(patientId)] ?? null;
  }

  patientsWithTokens(): number[] {
    return Object.keys(this.data.tokens).map(Number);
  }

  async link(deviceId: string, patientId: number, token: string, expiresAt: string | null, now: Date) {
    this.data.links[deviceId] = { patientId, linkedAt: now.toISOString() };
    this.data.tokens[String(patientId)] = { token, expiresAt, obtainedAt: now.toISOString(), refused: false };
    await this.save();
  }

  async replaceToken(patientId: number, token: string, expiresAt: string, now: Date) {
    this.data.tokens[String(patientId)] = { token, expiresAt, obtainedAt: now.toISOString(), refused: false };
    await this.save();
  }

  async markRefused(patientId: number) {
    const entry = this.data.tokens[String(patientId)];
    if (!entry || entry.refused) return;
    entry.refused = true;
    await this.save();
  }

  wantedDevices(): { id: string; name: string | null }[] {
    return Object.entries(this.data.wanted).map(([id, w]) => ({ id, name: w.name }));
  }

  async setWanted(deviceId: string, wanted: boolean, name: string | null) {
    if (wanted === deviceId in this.data.wanted) return;
    if (wanted) this.data.wanted[deviceId] = { name };
    else delete this.data.wanted[deviceId];
    await this.save();
  }
}
