import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The Vigil pairing check as the bridge calls it (POST /api/bridge/pairings/verify, Bearer pairing
 * token → 200 {user, expiresAt} or 401), served on loopback: a stand-in for the server's route.
 */
export async function startPairingServer(
  tokens: Record<string, { id: number; username: string; expiresAt?: Date }>,
) {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/bridge/pairings/verify') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not found', message: 'not found', code: 'NOT_FOUND' }));
      return;
    }
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    calls.push(token);
    const user = tokens[token];
    if (!user) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'unknown pairing', message: 'unknown pairing', code: 'UNAUTHORIZED' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        user: { id: user.id, username: user.username },
        expiresAt: (user.expiresAt ?? new Date(Date.now() + 3_600_000)).toISOString(),
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
