import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline of the list bench: a bare `node:http` server that answers every request with the
 * bytes and headers given in the JSON file named by its argument, as fast as Node can.
 */
const { body, headers } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as {
  body: string;
  headers: Record<string, string>;
};
const bytes = Buffer.from(body);
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
