import type { ChildProcess } from 'node:child_process';

/**
 * The DevTools protocol of a server process started with `--inspect=127.0.0.1:0`
 * (startServerProcess's `inspect`): lets a bench measure what the server's heap retains after a
 * full collection, which the resident size (full of garbage not yet collected) does not tell.
 */
/**
 * The DevTools address a process started with `--inspect=127.0.0.1:0` writes first to its stderr
 * (which must be piped).
 */
export function inspectorUrlOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    child.stderr!.on('data', (chunk) => {
      text += String(chunk);
      const url = /ws:\/\/\S+/.exec(text)?.[0];
      if (url) resolve(url);
    });
  });
}

export async function connectInspector(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const call = <T>(method: string) =>
    new Promise<T>((resolve) => {
      const id = ++lastId;
      waiting.set(id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method }));
    });
  return {
    /** Bytes of the JavaScript heap in use after two full collections. */
    async heapUsedAfterGc(): Promise<number> {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    },
    close: () => ws.close(),
  };
}
