import type { BridgeErrorCode, BridgeSyncState } from '@vigil/domain';
import type { Logger } from '../log.ts';
import type { DeadLetter } from '../store/dead-letter.ts';
import type { Journal, OpenBatch } from '../store/journal.ts';
import type { LinkStore, TokenEntry } from '../store/link-store.ts';
import { type Backoff, createBackoff } from './backoff.ts';
import { type RotationState, rotateDueTokens, tokenRefusedMessage } from './token-rotation.ts';
import type { VigilClient } from './vigil-client.ts';

const HOUR_MS = 3_600_000;

export interface UploaderDeps {
  journal: Journal;
  links: LinkStore;
  client: VigilClient;
  deadLetter: DeadLetter;
  log: Logger;
  now: () => Date;
  /** Most readings per request: a backlog goes in batches of this many. */
  batchSize: number;
  retryMaxMs: number;
  random?: () => number;
  /** The sync state of these devices changed (an upload, a failure, a pause). */
  onSyncChange(deviceIds: string[]): void;
  onError(error: { code: BridgeErrorCode; message: string; deviceId?: string }): void;
}

export interface PatientState extends RotationState {
  lastError: string | null;
  retrying: boolean;
}

interface DeviceCounters {
  uploaded: number;
  rejected: number;
  lastUploadAt: string | null;
}

/**
 * A refusal that is about the link, not the batch: forbidden (simulation off, a permission), the
 * patient unknown, or a conflict (a simulated device on a real patient). Every later batch would be
 * refused the same way, so sending them is a loop that only fills the dead letter.
 */
export const refusesEveryBatch = (status: number) => status === 403 || status === 404 || status === 409;

/**
 * Store and forward, exactly once: takes readings from the journal in batches, one patient (one
 * device token) per batch, and posts each batch until Vigil acknowledges it. The batch and its
 * Idempotency-Key are journaled before the first attempt; Vigil also deduplicates by device and
 * reading time, so a resend never stores a reading twice. Transient failures back off and retry
 * without end; a 4xx that cannot succeed sets the batch aside in the dead letter, and one that no
 * batch for the patient can pass (refusesEveryBatch) also pauses the patient's uploads. One request at a
 * time, in one loop: batch selection never races, and a token rotation never overlaps an upload.
 */
export class Uploader {
  private readonly patients = new Map<number, PatientState>();
  private readonly counters = new Map<string, DeviceCounters>();
  private readonly backoff: Backoff;
  private readonly rejectionSaidAt = new Map<string, number>();
  private wake: (() => void) | null = null;
  private stopped = false;
  private loopDone: Promise<void> | null = null;

  private readonly deps: UploaderDeps;

  constructor(deps: UploaderDeps) {
    this.deps = deps;
    this.backoff = createBackoff({ baseMs: 500, maxMs: deps.retryMaxMs, random: deps.random ?? Math.random });
  }

  start() {
    this.loopDone = this.loop().catch((error) => {
      this.deps.log.error('uploader stopped by an unexpected error', { err: error });
    });
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.loopDone;
  }

  /** New readings are in the journal. */
  readingsAdded() {
    this.wake?.();
  }

  /** A new token arrived for a patient (linked or re-linked): held readings may go. */
  tokenChanged(patientId: number) {
    const state = this.state(patientId);
    state.lastError = null;
    state.rotateNotBefore = 0;
    state.warnedExpiry = false;
    this.wake?.();
  }

  syncState(deviceId: string, patientId: number | null): BridgeSyncState | null {
    if (patientId === null) return null;
    const token = this.deps.links.tokenFor(patientId);
    const state = this.patients.get(patientId);
    const counters = this.counters.get(deviceId);
    const pending = this.deps.journal.pendingFor(deviceId);
    return {
      patientId,
      status: token?.refused ? 'paused' : state?.retrying ? 'retrying' : pending > 0 ? 'uploading' : 'idle',
      pendingReadings: pending,
      uploadedReadings: counters?.uploaded ?? 0,
      rejectedReadings: counters?.rejected ?? 0,
      lastUploadAt: counters?.lastUploadAt ?? null,
      lastError: state?.lastError ?? null,
    };
  }

  private state(patientId: number): PatientState {
    let state = this.patients.get(patientId);
    if (!state) {
      state = { lastError: null, retrying: false, rotateNotBefore: 0, warnedExpiry: false };
      this.patients.set(patientId, state);
    }
    return state;
  }

  private usableToken(patientId: number): TokenEntry | null {
    const token = this.deps.links.tokenFor(patientId);
    return token && !token.refused ? token : null;
  }

  /**
   * The next batch to send: an open one first (resent as it was), else the readings waiting for the
   * first patient that has any. Nothing waits on a timer: a reading decoded while nothing is in
   * flight goes at once; those decoded during a request (or left from a backlog) go together next.
   */
  private async nextBatch(): Promise<OpenBatch | null> {
    const { journal } = this.deps;
    const open = journal.openBatches().find((b) => this.usableToken(b.patientId));
    if (open) return open;
    const byPatient = new Map<number, number[]>();
    for (const r of journal.unbatched()) {
      if (r.patientId === null || !this.usableToken(r.patientId)) continue;
      const seqs = byPatient.get(r.patientId) ?? [];
      seqs.push(r.seq);
      byPatient.set(r.patientId, seqs);
    }
    const [first] = byPatient;
    if (!first) return null;
    const [patientId, seqs] = first;
    return journal.startBatch(patientId, seqs.slice(0, this.deps.batchSize));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.min(ms, 2 ** 31 - 1));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private async loop() {
    while (!this.stopped) {
      await rotateDueTokens({
        ...this.deps,
        state: (patientId) => this.state(patientId),
        usableToken: (patientId) => this.usableToken(patientId),
        stopped: () => this.stopped,
      });
      const next = await this.nextBatch();
      if (!next) {
        if (this.stopped) return;
        // Until new readings, a new token, or the next token rotation check.
        await this.sleep(HOUR_MS);
        continue;
      }
      const retryInMs = await this.send(next);
      if (retryInMs !== null && !this.stopped) await this.sleepUninterrupted(retryInMs);
    }
  }

  /** A backoff wait that new readings do not cut short (only stop does). */
  private async sleepUninterrupted(ms: number) {
    const until = Date.now() + ms;
    while (!this.stopped && Date.now() < until) await this.sleep(until - Date.now());
  }

  /** Sends one batch; answers how long to wait before retrying, or null when it is settled. */
  private async send(batch: OpenBatch): Promise<number | null> {
    const { journal, client, log } = this.deps;
    const token = this.usableToken(batch.patientId)!;
    const body = journal.batchBody(batch);
    const deviceIds = [...new Set(body.map((r) => r.deviceId!))];
    const state = this.state(batch.patientId);
    const outcome = await client.postReadings(token.token, batch.key, body);

    switch (outcome.kind) {
      case 'stored': {
        await journal.settleBatch(batch.id, 'ack');
        const at = this.deps.now().toISOString();
        for (const r of body) {
          const c = this.countersFor(r.deviceId!);
          c.uploaded++;
          c.lastUploadAt = at;
        }
        state.lastError = null;
        state.retrying = false;
        this.backoff.reset();
        log.debug('batch uploaded', { batch: batch.id, readings: body.length, newlyStored: outcome.count });
        this.deps.onSyncChange(deviceIds);
        return null;
      }
      case 'transient': {
        const waitMs = outcome.retryAfterMs ?? this.backoff.next();
        if (!state.retrying)
          log.warn('upload failed; retrying', { reason: outcome.reason, retryInMs: waitMs });
        state.lastError = `Vigil is not reachable (${outcome.reason}); retrying`;
        state.retrying = true;
        this.deps.onSyncChange(deviceIds);
        return Math.min(waitMs, 10 * 60_000);
      }
      case 'token-refused': {
        // The batch is set aside like any refused one; later readings wait for a new token.
        await this.setAside(batch, body, 401, 'TOKEN_REFUSED', outcome.message);
        await this.deps.links.markRefused(batch.patientId);
        state.lastError = 'The device token was refused (revoked or expired)';
        state.retrying = false;
        this.deps.onError({
          code: 'TOKEN_REFUSED',
          message: tokenRefusedMessage(batch.patientId),
          deviceId: deviceIds[0],
        });
        this.deps.onSyncChange(deviceIds);
        return null;
      }
      case 'rejected': {
        await this.setAside(batch, body, outcome.status, outcome.code, outcome.message);
        state.retrying = false;
        if (refusesEveryBatch(outcome.status)) {
          // The link itself is refused (a simulated device on a real patient, simulation off, the
          // patient gone): every later batch would be too. Uploads for the patient pause, as for a
          // refused token, until the device is synced again; later readings wait, none is sent.
          await this.deps.links.markRefused(batch.patientId);
          state.lastError = `Vigil refused the readings (${outcome.message}); paused until synced again`;
          this.deps.onError({
            code: 'UPLOAD_REJECTED',
            message: `Vigil refused ${body.length} readings for patient ${batch.patientId} (${outcome.status}: ${outcome.message}). They were set aside in the bridge's dead-letter file; uploads for this patient are paused until the device is synced to a patient again.`,
            deviceId: deviceIds[0],
          });
          this.deps.onSyncChange(deviceIds);
          return null;
        }
        state.lastError = `Vigil refused ${body.length} readings: ${outcome.message}`;
        // A batch's own fault (a value out of range): the next batch may pass. Said once a minute
        // at most; each refused batch goes to the dead letter.
        const said = `${batch.patientId}|${outcome.code}`;
        const now = this.deps.now().getTime();
        if ((this.rejectionSaidAt.get(said) ?? Number.NEGATIVE_INFINITY) + 60_000 <= now) {
          this.rejectionSaidAt.set(said, now);
          this.deps.onError({
            code: 'UPLOAD_REJECTED',
            message: `Vigil refused ${body.length} readings for patient ${batch.patientId} (${outcome.status}: ${outcome.message}). They were set aside in the bridge's dead-letter file and will not be retried.`,
            deviceId: deviceIds[0],
          });
        }
        this.deps.onSyncChange(deviceIds);
        return null;
      }
    }
  }

  private countersFor(deviceId: string): DeviceCounters {
    let c = this.counters.get(deviceId);
    if (!c) {
      c = { uploaded: 0, rejected: 0, lastUploadAt: null };
      this.counters.set(deviceId, c);
    }
    return c;
  }

  private async setAside(
    batch: OpenBatch,
    body: ReturnType<Journal['batchBody']>,
    status: number,
    code: string,
    message: string,
  ) {
    await this.deps.deadLetter.add({
      at: this.deps.now().toISOString(),
      batchId: batch.id,
      idempotencyKey: batch.key,
      status,
      code,
      message,
      readings: body,
    });
    await this.deps.journal.settleBatch(batch.id, 'dead');
    for (const r of body) this.countersFor(r.deviceId!).rejected++;
    this.deps.log.warn('batch set aside in the dead letter', {
      batch: batch.id,
      status,
      code,
      readings: body.length,
    });
  }
}
