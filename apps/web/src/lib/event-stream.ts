/**
 * The browser side of GET /api/events. Like lib/api-client.ts for fetch, this is the only module
 * that opens an EventSource; cookies go with it (same origin).
 */
export function openEventSource(
  url: string,
  handlers: {
    onOpen(): void;
    onMessage(data: string, id: string): void;
    onError(): void;
  },
): () => void {
  const source = new EventSource(url, { withCredentials: true });
  source.onopen = handlers.onOpen;
  source.onmessage = (event) => handlers.onMessage(event.data as string, event.lastEventId);
  source.onerror = handlers.onError;
  return () => source.close();
}
