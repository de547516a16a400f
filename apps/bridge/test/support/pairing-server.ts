import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Vigil's pairing check as the bridge calls it (POST /api/bridge/pairings/verify, Bearer pairing
 * token → 200 {user, expiresAt} or 401; each token accepted once), on loopback: for tests of the
 * bridge's socket that need no database. bridge-vigil.test.ts runs the same checks on the real server.
 */
export async function startPairingServer(tokens: Record<string, { id: number; username: string }>) {
  const calls: string[] = [];
  const used = new Set<string>();
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/bridge/pairings/verify') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not found', message: 'not found', code: 'NOT_FOUND' }));
      return;
    }
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    calls.push(token);
    const user = used.has(token) ? undefined : tokens[token];
    if (!user) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'unknown pairing', message: 'unknown pairing', code: 'UNAUTHORIZED' }));
      return;
    }
    used.add(token);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ user, expiresAt: new Date(Date.now() + 120_000).toISOString() }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
