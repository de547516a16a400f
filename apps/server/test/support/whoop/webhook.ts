import { createHmac } from 'node:crypto';

export type WhoopWebhookType =
  | 'recovery.updated'
  | 'recovery.deleted'
  | 'sleep.updated'
  | 'sleep.deleted'
  | 'workout.updated'
  | 'workout.deleted';

/** WHOOP's webhook body. For recovery.* the id is the sleep's UUID (v2), not a cycle id. */
export interface WhoopWebhookEvent {
  user_id: number;
  id: string;
  type: WhoopWebhookType;
  trace_id: string;
}

export interface WhoopWebhookHeaders {
  'X-WHOOP-Signature': string;
  'X-WHOOP-Signature-Timestamp': string;
}

/** WHOOP's signature: base64(HMAC-SHA256(client secret, timestamp in milliseconds + raw body)). */
export function signWhoopWebhook(
  clientSecret: string,
  body: string,
  timestampMs: number,
): WhoopWebhookHeaders {
  const signature = createHmac('sha256', clientSecret).update(`${timestampMs}${body}`).digest('base64');
  return { 'X-WHOOP-Signature': signature, 'X-WHOOP-Signature-Timestamp': String(timestampMs) };
}

export interface SendWhoopWebhookOptions {
  /** Default now; an old one tests the receiver's replay window. */
  timestampMs?: number;
  /** Sign the body, then send a different one (its trace_id changed), as a forger would. */
  tamper?: boolean;
}

/** POSTs a signed WHOOP webhook as WHOOP does and returns the receiver's response. */
export async function sendWhoopWebhook(
  url: string,
  clientSecret: string,
  event: WhoopWebhookEvent,
  options: SendWhoopWebhookOptions = {},
): Promise<Response> {
  const body = JSON.stringify(event);
  const headers = signWhoopWebhook(clientSecret, body, options.timestampMs ?? Date.now());
  const sent = options.tamper ? JSON.stringify({ ...event, trace_id: `${event.trace_id}-forged` }) : body;
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: sent,
  });
}
