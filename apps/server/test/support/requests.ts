import type { Target } from './factories.ts';

/**
 * The status of a request sent as `cookie` (a JSON `body` when given; the answer is read and
 * dropped): through `inject` on an app, or `fetch` on a listening server's base URL.
 */
export async function statusOf(
  target: Target,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<number> {
  if (typeof target !== 'string') {
    const res = await target.inject({
      method: method as 'GET',
      url: path,
      headers: { cookie },
      ...(body ? { payload: body as object } : {}),
    });
    return res.statusCode;
  }
  const res = await fetch(`${target}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  await res.arrayBuffer();
  return res.status;
}
