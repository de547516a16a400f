import { randomBytes } from 'node:crypto';
import type {
  DeviceLink,
  DeviceToken,
  DeviceTokenCreated,
  DeviceTokenCreateInput,
  DeviceTokenIssued,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { DevicePrincipal } from '../../plugins/access.ts';
import { type AuditActor, systemActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { DEVICE_TOKENS_ENDED, type DeviceTokensEndedData, internalEvent } from '../events/internal-events.ts';
import type { LiveEventRow, LiveEventsService } from '../events/service.ts';
import type { PatientService } from '../patients/service.ts';
import type { DeviceLinkService } from './link-service.ts';
import { toDeviceToken } from './mappers.ts';
import type { DeviceTokenRepository } from './repository.ts';
import { createDeviceTokenCache } from './token-cache.ts';

/** Prefix so a leaked token is recognisable (secret scanners, logs). */
export const DEVICE_TOKEN_PREFIX = 'vgl_dev_';
const DAY_MS = 86_400_000;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

const newSecret = () => `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * Device tokens: a bearer credential for one patient's readings, for the bridge and devices that
 * have no session. Shown once, stored as SHA-256, expiring, revocable, and renewable by the device
 * itself (rotation) before it expires. Valid tokens are cached per instance (token-cache.ts); a
 * revocation or rotation records the internal `device-tokens-ended` event in its transaction, which
 * forgets the family here at commit and on every other instance by NOTIFY (decision 007).
 */
export function createDeviceTokenService(deps: {
  repo: DeviceTokenRepository;
  clock: Clock;
  patients: Pick<PatientService, 'assertExists'>;
  audit: Pick<AuditService, 'record'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  /** A token issued for a device links the device to the token's patient (the link's own rules). */
  links: Pick<DeviceLinkService, 'link' | 'end'>;
}) {
  const { repo, clock, patients, audit, liveEvents, links } = deps;
  const cache = createDeviceTokenCache();

  /**
   * Runs a change that ends tokens of a family, recording the event that forgets them everywhere in
   * its transaction; once committed, this instance forgets them and the others are told.
   */
  async function endingTokens<T>(
    change: (ended: (run: Run, familyId: number) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    let rows: LiveEventRow[] = [];
    const families: number[] = [];
    const result = await change(async (run, familyId) => {
      families.push(familyId);
      rows = await liveEvents.record(run, [internalEvent(DEVICE_TOKENS_ENDED, { familyId })]);
    });
    for (const familyId of families) cache.forgetFamily(familyId);
    liveEvents.committed(rows);
    return result;
  }

  /** A revoked family, recorded and forgotten everywhere. */
  const revokeFamily = (id: number, now: Date) => endingTokens((ended) => repo.revokeFamily(id, now, ended));

  return {
    /** Another instance (or this one) ended tokens of a family: none of them is trusted from memory. */
    tokensEnded: (data: DeviceTokensEndedData) => cache.forgetFamily(data.familyId),

    /**
     * A new token for the patient. Issued for a device (the bridge's "Sync Data to Cloud"), it links
     * the device first: the link's refusal (a simulated device on a real patient, simulation turned
     * off) issues no token, and a token that could not be stored ends the link again. The link is
     * then the server's, leased through the token's uploads like any bridge link, and every screen
     * reads it from the server: nothing about it lives in the browser that asked.
     */
    async issue(input: DeviceTokenCreateInput, actor: AuditActor): Promise<DeviceTokenIssued> {
      const userId = actor.userId!;
      await patients.assertExists(input.patientId);
      let link: DeviceLink | null = null;
      if (input.device) link = await links.link({ ...input.device, patientId: input.patientId }, actor);
      const token = newSecret();
      const now = clock.now();
      let row: Awaited<ReturnType<DeviceTokenRepository['insert']>>;
      try {
        row = await repo.insert({
          patientId: input.patientId,
          tokenHash: hashToken(token),
          label: input.label,
          createdAt: now,
          createdBy: userId,
          expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        });
      } catch (error) {
        if (link) await links.end(link.id, actor).catch(() => undefined);
        throw error;
      }
      await audit.record({
        actor,
        action: 'create',
        entityType: 'DeviceToken',
        entityId: row.id,
        patientId: row.patientId,
        detail: link
          ? `issued for ${input.expiresInDays} days, for device link ${link.id}`
          : `issued for ${input.expiresInDays} days`,
      });
      return { ...toDeviceToken(row), token, link };
    },

    async list(patientId: number): Promise<DeviceToken[]> {
      await patients.assertExists(patientId);
      return (await repo.listForPatient(patientId)).map(toDeviceToken);
    },

    /** Revokes a token and every token rotated from the same first one. */
    async revoke(id: number, actor: AuditActor): Promise<DeviceToken> {
      const revoked = await revokeFamily(id, clock.now());
      if (!revoked) throw notFound('Device token not found', 'DEVICE_TOKEN_NOT_FOUND');
      const { token: row, familyRevoked } = revoked;
      await audit.record({
        actor,
        action: 'delete',
        entityType: 'DeviceToken',
        entityId: row.id,
        patientId: row.patientId,
        detail: familyRevoked > 0 ? `revoked with the ${familyRevoked} tokens rotated from it` : 'revoked',
      });
      return toDeviceToken(row);
    },

    /**
     * A new token for the same patient and label, lasting as long as the old one was issued for.
     * Single use: the old token ends now, and rotating it again is refused (a sender that lost the
     * new token needs a new one from a person). Audited with both ids.
     */
    async rotate(current: DevicePrincipal, actor: AuditActor): Promise<DeviceTokenCreated> {
      const old = await repo.get(current.tokenId);
      if (!old) throw notFound('Device token not found', 'DEVICE_TOKEN_NOT_FOUND');
      const now = clock.now();
      const lifetimeMs = old.expiresAt.getTime() - old.createdAt.getTime();
      const token = newSecret();
      const row = await endingTokens((ended) =>
        repo.rotate(
          old.id,
          {
            patientId: old.patientId,
            tokenHash: hashToken(token),
            label: old.label,
            createdAt: now,
            createdBy: old.createdBy,
            expiresAt: new Date(now.getTime() + lifetimeMs),
          },
          now,
          ended,
        ),
      );
      if (!row) {
        throw unauthorized('The device token is unknown, expired or revoked', 'INVALID_DEVICE_TOKEN');
      }
      await audit.record({
        actor,
        action: 'update',
        entityType: 'DeviceToken',
        entityId: row.id,
        patientId: row.patientId,
        detail: `rotated: token ${old.id} replaced by token ${row.id}`,
      });
      return { ...toDeviceToken(row), token };
    },

    /**
     * The token's scope when it is valid now; null when unknown, expired or revoked. A token read
     * valid in the last 30 s is not read again (unless its family ended meanwhile).
     */
    async verify(token: string): Promise<DevicePrincipal | null> {
      if (!token.startsWith(DEVICE_TOKEN_PREFIX)) return null;
      const hash = hashToken(token);
      const now = clock.now();
      const cached = cache.get(hash);
      if (cached && cached.expiresAt > now) {
        if (!cached.lastUsedAt || now.getTime() - cached.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
          cache.touched(hash, now);
          await repo.touch(cached.tokenId, now);
        }
        return { tokenId: cached.tokenId, patientId: cached.patientId };
      }
      const generation = cache.generation();
      const row = await repo.findByHash(hash);
      if (!row || row.revokedAt || row.expiresAt <= now) return null;
      if (row.replacedAt) {
        // A token rotated away came back: a copy of it exists, and whoever holds the copy may have
        // rotated first. Every token of its family ends (the legitimate sender asks for a new one).
        const revoked = await revokeFamily(row.id, now);
        await audit.record({
          actor: systemActor('device tokens'),
          action: 'delete',
          entityType: 'DeviceToken',
          entityId: row.id,
          patientId: row.patientId,
          detail: `revoked with the ${revoked?.familyRevoked ?? 0} tokens of its family: a rotated token was presented again`,
        });
        return null;
      }
      let lastUsedAt = row.lastUsedAt;
      if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
        await repo.touch(row.id, now);
        lastUsedAt = now;
      }
      cache.store(
        hash,
        {
          tokenId: row.id,
          patientId: row.patientId,
          familyId: row.familyId ?? row.id,
          expiresAt: row.expiresAt,
          lastUsedAt,
        },
        generation,
      );
      return { tokenId: row.id, patientId: row.patientId };
    },
  };
}

export type DeviceTokenService = ReturnType<typeof createDeviceTokenService>;
