import http from 'node:http';

/**
 * The baseline of the events bench's memory row: a bare `node:http` server that holds every request
 * open as a server-sent event stream (the same first lines as Vigil's) until the client goes away.
 * What each of its streams costs is what Node itself costs per open connection.
 */
const open = new Set<http.ServerResponse>();
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  res.write('retry: 2000\n\n');
  open.add(res);
  res.on('close', () => open.delete(res));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  for (const res of open) res.destroy();
  server.close(() => process.exit(0));
});
