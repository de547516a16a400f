import {
  CALLBACK_ERRORS,
  CONNECTION_TYPES,
  type ConnectVitalWatchResponse,
  knownCallbackError,
  type VitalWatchData,
  WEARABLE_PROVIDERS,
  type WearableConnection,
  WHOOP_DEVICE_NAME,
} from '@vigil/domain';
import { ResponseBodyError } from 'openid-client';
import type { WhoopConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { DeviceLinkService } from '../devices/link-service.ts';
import type { IngestService } from '../readings/ingest-service.ts';
import { type CallbackOutcome, toVitalWatchData, toWearableConnection, whoopDeviceId } from './mappers.ts';
import type { ConnectionRow, WearableRepository } from './repository.ts';
import type { TokenCipher } from './token-cipher.ts';
import type { WhoopApi } from './whoop-api.ts';
import { createWhoopOAuth, type WearableLog } from './whoop-oauth.ts';
import { createWhoopSync } from './whoop-sync.ts';

const PROVIDER = WEARABLE_PROVIDERS.whoop;
/** How far back the first poll of a new connection reaches. */
const FIRST_SYNC_WINDOW_MS = 24 * 3_600_000;

export const NO_VITAL_WATCH_MESSAGE = 'No vital watch device assigned to this patient';
export const CONNECT_FIRST_MESSAGE =
  'The WHOOP connection needs to be set up first: connect the patient’s WHOOP';
export const RECONNECT_MESSAGE = 'WHOOP no longer accepts this connection: reconnect the patient’s WHOOP';

const connectFirst = (message: string, code: string) =>
  new AppError(409, code, message, {}, { connectFirst: true });

/**
 * WHOOP linked per patient through its API: the authorization and the tokens (whoop-oauth.ts), the
 * poller and webhooks bringing recoveries in through the one ingest path (whoop-sync.ts), the
 * patient's WHOOP link, and the wearable card's data.
 */
export function createWearableService(deps: {
  config: WhoopConfig | null;
  repo: WearableRepository;
  clock: Clock;
  cipher: TokenCipher | null;
  api: WhoopApi | null;
  ingest: Pick<IngestService, 'ingest'>;
  patients: { assertExists(id: number): Promise<void> };
  /** The WHOOP link of each connected patient: the patient's device state (link-service.ts). */
  links: Pick<DeviceLinkService, 'link' | 'end' | 'providerLost' | 'activeForDevice'>;
  log: WearableLog;
}) {
  const { config, repo, clock, patients, links, log } = deps;
  const oauth = createWhoopOAuth(deps);
  const sync = createWhoopSync({ ...deps, oauth });

  async function requireConnection(patientId: number): Promise<ConnectionRow> {
    const row = await repo.activeFor(patientId);
    if (!row) throw connectFirst(CONNECT_FIRST_MESSAGE, 'CONNECT_FIRST');
    return row;
  }
  const requireConnected = async (patientId: number) => {
    const row = await requireConnection(patientId);
    if (row.state !== 'connected') throw connectFirst(RECONNECT_MESSAGE, 'RECONNECT_NEEDED');
    return row;
  };

  return {
    available: () => config !== null,

    async connect(
      patientId: number,
      watchType: string,
      who: { userId: number; sessionId: string },
    ): Promise<ConnectVitalWatchResponse> {
      if (watchType.toLowerCase() !== 'whoop') {
        throw badRequest(
          `watchType: "${watchType}" is not linked through a provider's API; use "whoop"`,
          'VALIDATION_FAILED',
        );
      }
      oauth.whoop();
      await patients.assertExists(patientId);
      return { redirect: true, authUrl: await oauth.authorizationUrl(patientId, who) };
    },

    /** The provider's redirect: exchanges the code and stores the connection; answers the outcome only. */
    async callback(
      query: Record<string, string | undefined>,
      who: { userId: number; sessionId: string; actor: AuditActor },
    ): Promise<CallbackOutcome> {
      if (!config) return { ok: false, error: CALLBACK_ERRORS.notConfigured };
      oauth.whoop();
      const pending = await oauth.takePending(query.state, who.sessionId);
      const now = clock.now();
      if (!pending || pending.expiresAt <= now) {
        log.warn(
          { reason: pending ? 'expired' : 'unknown state or another session’s' },
          'WHOOP callback refused',
        );
        return { ok: false, error: CALLBACK_ERRORS.invalidState };
      }
      const patientId = pending.patientId;
      // The page shows a known code's message only: the address's own text could say anything.
      if (query.error) return { ok: false, error: knownCallbackError(query.error), patientId };
      try {
        const { tokens, providerUserId } = await oauth.exchange(query, pending);
        // One person's WHOOP feeds one patient: another patient's active link is not taken over silently.
        const elsewhere = (await repo.activeForProviderUser(PROVIDER, providerUserId)).filter(
          (r) => r.patientId !== patientId,
        );
        if (elsewhere.length > 0) {
          await oauth.revokeQuietly(tokens.access_token);
          return { ok: false, error: CALLBACK_ERRORS.linkedElsewhere, patientId };
        }
        const linkedAt = clock.now();
        const row = await repo.replaceActive({
          patientId,
          provider: PROVIDER,
          providerUserId,
          state: 'connected',
          linkedAt,
          linkedBy: pending.userId,
          stateChangedAt: linkedAt,
          nextPollAt: linkedAt,
          // A new link brings the last day, not the member's whole WHOOP history, onto the record.
          syncedFrom: new Date(linkedAt.getTime() - FIRST_SYNC_WINDOW_MS),
          accessToken: null,
          refreshToken: null,
          ...oauth.tokenPatch(tokens, linkedAt),
        });
        // The patient's device state is its link: every screen now shows the WHOOP connected.
        await links.link(
          {
            patientId,
            deviceId: whoopDeviceId(providerUserId, patientId),
            deviceName: WHOOP_DEVICE_NAME,
            connectionType: CONNECTION_TYPES.whoop,
          },
          who.actor,
        );
        log.info({ connectionId: row.id, patientId }, 'WHOOP connected');
        // The first data now rather than at the next tick.
        void sync
          .poll(row)
          .catch((error: Error) => log.warn({ err: { message: error.message } }, 'WHOOP first poll'));
        return { ok: true, patientId };
      } catch (error) {
        const code = knownCallbackError(
          error instanceof ResponseBodyError ? error.error : CALLBACK_ERRORS.exchangeFailed,
        );
        log.warn({ patientId, reason: code }, 'WHOOP code exchange failed');
        return { ok: false, error: code, patientId };
      }
    },

    async connection(patientId: number): Promise<WearableConnection> {
      await patients.assertExists(patientId);
      return toWearableConnection(await repo.activeFor(patientId));
    },

    async vitalWatchData(patientId: number, hasVitalWatch: boolean): Promise<VitalWatchData> {
      if (!hasVitalWatch) throw badRequest(NO_VITAL_WATCH_MESSAGE, 'NO_VITAL_WATCH');
      const row = await requireConnected(patientId);
      return toVitalWatchData(await repo.latestReading(patientId, 'WHOOP API'), row);
    },

    /** A nurse's "refresh": poll this patient's WHOOP now (within the rate limits), then answer its data. */
    async refreshNow(patientId: number): Promise<VitalWatchData> {
      await sync.poll(await requireConnected(patientId));
      const after = await requireConnected(patientId);
      return toVitalWatchData(await repo.latestReading(patientId, 'WHOOP API'), after);
    },

    /** Ends the connection: WHOOP revokes the member's authorization, and the tokens are wiped here. */
    async disconnect(patientId: number, actor: AuditActor): Promise<WearableConnection> {
      const row = await requireConnection(patientId);
      const note = `tokens deleted; ${(await oauth.revoke(row)).join('; ')}`;
      const now = clock.now();
      await repo.update(row.id, {
        endedAt: now,
        accessToken: null,
        refreshToken: null,
        endNote: note,
        stateChangedAt: now,
      });
      const link = await links.activeForDevice(whoopDeviceId(row.providerUserId, patientId));
      if (link) await links.end(link.id, actor);
      log.info({ connectionId: row.id, patientId, note }, 'WHOOP disconnected');
      return toWearableConnection(undefined);
    },

    webhook: sync.webhook,
    pollDue: sync.pollDue,
    start: sync.start,
    stop: sync.stop,
  };
}

export type WearableService = ReturnType<typeof createWearableService>;
