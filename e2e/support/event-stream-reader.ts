/**
 * A client of GET /api/events for journeys that hold many streams without a browser each: it
 * reconnects as EventSource does (after the server's `retry`, with `Last-Event-ID`), and keeps the
 * ids it received in order, how often it reconnected and was refused, the longest wait between two
 * events while `measuring`, and each escalation level of one alert's `alert-changed` events.
 */
export function readEventStream(base: string, cookie: string, watchAlertId: number) {
  const state = {
    ids: [] as number[],
    reconnects: 0,
    lastId: '',
    retryMs: 2000,
    opened: false,
    /** escalationLevel of each alert-changed event of the watched alert. */
    escalations: [] as number[],
    lastEventAt: 0,
    longestGapMs: 0,
    measuring: false,
    /** Answers other than 200 to a reconnect, by status. */
    refused: {} as Record<number, number>,
  };
  const abort = new AbortController();
  /** Who waits for the watched alert to reach an escalation level. */
  const escalationWaiters: { level: number; resolve: () => void }[] = [];
  let markOpened = () => {};
  /** Resolves once the server has opened the stream (its stream-opened event): later events reach it. */
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const handle = (block: string) => {
    let id = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('retry: ')) state.retryMs = Number(line.slice(7));
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data.includes('"stream-opened"')) {
      state.opened = true;
      markOpened();
    }
    if (!id) return;
    state.ids.push(Number(id));
    state.lastId = id;
    const now = performance.now();
    if (state.measuring && state.lastEventAt) {
      state.longestGapMs = Math.max(state.longestGapMs, now - state.lastEventAt);
    }
    state.lastEventAt = now;
    if (data.includes('"alert-changed"')) {
      const event = JSON.parse(data) as { data: { id: number; escalationLevel: number } };
      if (event.data.id === watchAlertId) {
        state.escalations.push(event.data.escalationLevel);
        for (const w of [...escalationWaiters]) {
          if (event.data.escalationLevel < w.level) continue;
          escalationWaiters.splice(escalationWaiters.indexOf(w), 1);
          w.resolve();
        }
      }
    }
  };
  const run = async () => {
    for (let attempt = 0; !abort.signal.aborted; attempt++) {
      if (attempt > 0) {
        state.reconnects++;
        await new Promise((r) => setTimeout(r, state.retryMs));
      }
      try {
        const res = await fetch(`${base}/api/events`, {
          headers: {
            cookie,
            accept: 'text/event-stream',
            ...(state.lastId ? { 'last-event-id': state.lastId } : {}),
          },
          signal: abort.signal,
        });
        if (res.status !== 200 || !res.body) {
          state.refused[res.status] = (state.refused[res.status] ?? 0) + 1;
          await res.body?.cancel();
          continue;
        }
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            handle(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // The connection went away: as EventSource, again after `retry`.
      }
    }
  };
  const done = run();
  /** Resolves when an alert-changed event says the watched alert reached `level` (or one received has). */
  const escalatedTo = (level: number) =>
    state.escalations.some((l) => l >= level)
      ? Promise.resolve()
      : new Promise<void>((resolve) => escalationWaiters.push({ level, resolve }));
  return { state, close: () => abort.abort(), done, opened, escalatedTo };
}
