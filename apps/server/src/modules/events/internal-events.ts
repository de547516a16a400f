/**
 * Internal events: what one module tells the others, on every instance, and never sends to a client.
 * They travel as live events do (recorded in the change's transaction, at once here, by NOTIFY to
 * the other instances), so each is a contract: its type and its data are declared here, recorded
 * with {@link internalEvent} and read with the live events service's typed `subscribe`.
 */

/**
 * What a person may see changed (their role or status, a session signed out or ended: disabled,
 * password changed or reset, signed out everywhere, a shift lead named), so their open streams end
 * and their cached sessions are read again on every instance: those of `sessionId` only when it is
 * given, else all but those of `exceptSessionId`. A client that reconnects is checked against what
 * it may do now.
 */
export const STREAMS_ENDED = 'streams-ended';
export interface StreamsEndedData {
  userId: number;
  /** Only this session's streams (a sign-out). */
  sessionId?: string | null;
  exceptSessionId?: string | null;
}

/**
 * Device tokens ended (a family revoked, or a token rotated away), so every instance forgets them
 * from its token cache at once.
 */
export const DEVICE_TOKENS_ENDED = 'device-tokens-ended';
export interface DeviceTokensEndedData {
  /** The family's first token: every token of the family is forgotten. */
  familyId: number;
}

/**
 * The ward's alert settings were saved, so every instance reads them again before the next alert
 * it raises or escalates (decision 030).
 */
export const ALERT_SETTINGS_CHANGED = 'alert-settings-changed';

/** The data each internal event carries, by its type. */
interface InternalEventData {
  [STREAMS_ENDED]: StreamsEndedData;
  [DEVICE_TOKENS_ENDED]: DeviceTokensEndedData;
  [ALERT_SETTINGS_CHANGED]: Record<string, never>;
}

export type InternalEventType = keyof InternalEventData;

/** The data an internal event of type `T` carries. */
export type DataOf<T extends InternalEventType> = InternalEventData[T];

/** Every internal event: the union of each type with its data. */
export type InternalEvent = { [T in InternalEventType]: { type: T; data: DataOf<T> } }[InternalEventType];

// Every type, or this does not compile: a new internal event is never sent to clients by mistake.
const INTERNAL_EVENT_TYPES: ReadonlySet<string> = new Set(
  Object.keys({
    [STREAMS_ENDED]: true,
    [DEVICE_TOKENS_ENDED]: true,
    [ALERT_SETTINGS_CHANGED]: true,
  } satisfies Record<InternalEventType, true>),
);

/** Whether a live event of this type is internal: the event stream never sends it to a client. */
export const isInternalEvent = (type: string): type is InternalEventType => INTERNAL_EVENT_TYPES.has(type);

/** An internal event to record in a change's transaction (it concerns no one patient). */
export const internalEvent = <T extends InternalEventType>(type: T, data: DataOf<T>) => ({
  type,
  patientId: null,
  data,
});

/**
 * The data of a recorded live event when it is the internal event `type`, else undefined. Internal
 * events are recorded only through {@link internalEvent}, so a row of that type holds its data.
 */
export function internalDataOf<T extends InternalEventType>(
  row: { type: string; data: unknown },
  type: T,
): DataOf<T> | undefined {
  return row.type === type ? (row.data as DataOf<T>) : undefined;
}

/** Whether an ended-streams event concerns a stream of this user and session. */
export function endsStream(ended: StreamsEndedData, userId: number, sessionId: string | null): boolean {
  if (ended.userId !== userId) return false;
  if (ended.sessionId) return ended.sessionId === sessionId;
  return !ended.exceptSessionId || ended.exceptSessionId !== sessionId;
}
