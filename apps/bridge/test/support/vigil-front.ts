import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the bridge sees as "Vigil": the real server behind a transparent loopback proxy that answers
 * POST /api/bridge/pairings/verify itself (the server's route is not on main yet). When the real
 * server is down, the proxy drops the connection, so the bridge sees a network failure as it would.
 */
export async function startVigilFront(
  upstream: string,
  pairings: Record<string, { id: number; username: string }>,
) {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/api/bridge/pairings/verify') {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const user = pairings[token];
      res.writeHead(user ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          user
            ? { user, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }
            : { error: 'unknown pairing', message: 'unknown pairing', code: 'UNAUTHORIZED' },
        ),
      );
      return;
    }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.socket?.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
