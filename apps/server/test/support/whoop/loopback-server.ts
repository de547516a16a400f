import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a port the OS picks on 127.0.0.1 (no window for another process to take it, unlike freePort()). */
export async function listenOnLoopback(
  server: http.Server,
): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Clients such as undici keep connections alive; close() alone would wait for them.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
