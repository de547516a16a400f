/** A minimal server-sent-events reader over fetch, for tests and benchmarks. */
export interface SseMessage {
  id?: string;
  data: string;
}

export interface SseClient {
  status: number;
  messages: SseMessage[];
  /** Resolves with the first message (already received or future) matching `predicate`. */
  waitFor(predicate: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
  closed: Promise<void>;
  /** Whether the stream has ended (the server closed it, or close() was called). */
  readonly hasEnded: boolean;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const waiters: { predicate: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
  const deliver = (m: SseMessage) => {
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.predicate(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  const closed = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const m: SseMessage = { data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) m.id = line.slice(4);
            else if (line.startsWith('data: ')) m.data += line.slice(6);
          }
          if (m.data) deliver(m);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  let hasEnded = false;
  void closed.then(() => {
    hasEnded = true;
  });
  return {
    status: res.status,
    messages,
    closed,
    get hasEnded() {
      return hasEnded;
    },
    close: () => controller.abort(),
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

export const ofType = (type: string, patientId?: number) => (m: SseMessage) => {
  const event = JSON.parse(m.data) as { type: string; patientId: number | null };
  return event.type === type && (patientId === undefined || event.patientId === patientId);
};

/**
 * Proves `stream` is still open after whatever was done before this call: an event made now (by
 * `makeEvent`, e.g. a reading recorded for `patientId`) reaches it, and it has not ended. A stream the
 * server ended before would never receive it (waitFor fails); nothing is slept through.
 */
export async function stillReceives(stream: SseClient, patientId: number, makeEvent: () => Promise<unknown>) {
  const since = stream.messages.length;
  await makeEvent();
  await stream.waitFor(
    (m) =>
      stream.messages.indexOf(m) >= since &&
      (JSON.parse(m.data) as { patientId?: number }).patientId === patientId,
  );
  return !stream.hasEnded;
}
