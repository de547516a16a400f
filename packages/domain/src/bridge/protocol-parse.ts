import type { z } from 'zod';
import { BRIDGE_ACTION_TYPES, BRIDGE_EVENT_TYPES, BridgeAction, BridgeEvent } from './protocol.ts';

/**
 * Reading one message of the bridge protocol (protocol.ts) from text: a page reads the bridge's
 * events and the bridge a page's actions with the same rules, and neither ever throws on what the
 * other side sent.
 */

export type BridgeParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: 'INVALID_MESSAGE' | 'UNKNOWN_ACTION'; message: string } };

/** "sendToCloud.patientId: …" so a developer sees which field of which message was wrong. */
function describeIssue(type: string, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return `${type}${path ? `.${path}` : ''}: ${issue.message}`;
}

function parseMessage<T>(
  text: string,
  schema: z.ZodType<T>,
  known: readonly string[],
  kind: 'action' | 'event',
): BridgeParseResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: 'INVALID_MESSAGE', message: `The ${kind} is not valid JSON` } };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return {
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: `An ${kind} must be a JSON object with a "type"` },
    };
  }
  const type = (json as { type?: unknown }).type;
  if (typeof type !== 'string' || !known.includes(type)) {
    const shown = typeof type === 'string' ? `"${type.slice(0, 40)}"` : 'missing';
    return {
      ok: false,
      error: {
        code: 'UNKNOWN_ACTION',
        message: `Unknown ${kind} type ${shown}; expected one of ${known.join(', ')}`,
      },
    };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'INVALID_MESSAGE', message: describeIssue(type, parsed.error.issues[0]!) },
    };
  }
  return { ok: true, value: parsed.data };
}

/** Parses one message from a page; never throws. */
export function parseBridgeAction(text: string): BridgeParseResult<BridgeAction> {
  return parseMessage(text, BridgeAction, BRIDGE_ACTION_TYPES, 'action');
}

/** Parses one message from the bridge; never throws. */
export function parseBridgeEvent(text: string): BridgeParseResult<BridgeEvent> {
  return parseMessage(text, BridgeEvent, BRIDGE_EVENT_TYPES, 'event');
}
