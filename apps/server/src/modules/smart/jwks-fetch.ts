import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * How a SMART client's JWKS is fetched from its URL (decision 031): anyone who knows a client id can
 * make the server fetch it, so the fetch is bounded — at most `maxBytes` read (a larger answer is
 * refused, not read), `timeoutMs` in all — and it connects only to public addresses unless private
 * ones are allowed (SSRF: the address checked is the address connected to, so a name that resolves
 * elsewhere on a second look cannot slip past).
 */
export const JWKS_MAX_BYTES = 64 * 1024;
export const JWKS_TIMEOUT_MS = 5000;

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is loopback, private, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class JwksFetchError extends Error {}

/** A `fetch` for jose's createRemoteJWKSet (its `customFetch`) with the bounds above. */
export function boundedJwksFetch(options: { allowPrivate: boolean; maxBytes?: number; timeoutMs?: number }) {
  const maxBytes = options.maxBytes ?? JWKS_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? JWKS_TIMEOUT_MS;
  // Checks each address the name resolves to, before connecting to it.
  const lookup: typeof dnsLookup = ((
    hostname: string,
    opts: object,
    callback: (...args: unknown[]) => void,
  ) => {
    dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !options.allowPrivate && isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        return callback(new JwksFetchError(`the JWKS host ${hostname} is not a public address`));
      }
      if ((opts as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as typeof dnsLookup;

  return (url: string, init: { headers: Headers; signal: AbortSignal }): Promise<Response> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal) && !options.allowPrivate && isPrivateAddress(literal)) {
        reject(new JwksFetchError(`the JWKS host ${literal} is not a public address`));
        return;
      }
      const signal = AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]);
      const get = target.protocol === 'https:' ? https.get : http.get;
      const request = get(
        target,
        { headers: { accept: 'application/json' }, lookup, signal, timeout: timeoutMs },
        (response) => {
          const declared = Number(response.headers['content-length'] ?? 0);
          if (declared > maxBytes) {
            response.destroy();
            reject(new JwksFetchError(`the JWKS is larger than ${maxBytes} bytes`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              response.destroy();
              reject(new JwksFetchError(`the JWKS is larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () =>
            resolve(
              new Response(Buffer.concat(chunks), {
                status: response.statusCode ?? 500,
                headers: { 'content-type': String(response.headers['content-type'] ?? '') },
              }),
            ),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new JwksFetchError('the JWKS fetch timed out')));
      request.on('error', reject);
    });
}
