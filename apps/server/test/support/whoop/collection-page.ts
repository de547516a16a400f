/** How a last page says there is no more: WHOOP documents only "an empty token", so a client should take all three. */
export type LastPageToken = 'absent' | 'null' | 'empty';

export type PageResult<T> =
  | { ok: true; body: { records: T[]; next_token?: string | null } }
  | { ok: false; message: string };

const MAX_LIMIT = 25;
const DEFAULT_LIMIT = 10;

interface Sortable {
  startMs: number;
  id: string;
}

const isAfter = (a: Sortable, b: Sortable) =>
  a.startMs < b.startMs || (a.startMs === b.startMs && a.id < b.id);

/**
 * One page of a WHOOP collection: newest start first; `start` inclusive and `end` exclusive (default now) on
 * the record's start; `limit` 1–25 (default 10); `nextToken` continues after the last record of the page
 * before, so records added meanwhile do not shift the pages.
 */
export function collectionPage<T>(
  records: T[],
  key: (record: T) => Sortable,
  query: URLSearchParams,
  lastPageToken: LastPageToken,
): PageResult<T> {
  const limitText = query.get('limit') ?? String(DEFAULT_LIMIT);
  const limit = /^\d+$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) return { ok: false, message: `limit must be 1 to ${MAX_LIMIT}` };
  const start = parseTime(query.get('start'));
  const end = parseTime(query.get('end')) ?? Date.now();
  if (Number.isNaN(start) || Number.isNaN(end))
    return { ok: false, message: 'start and end must be ISO 8601 times' };
  const after = parseNextToken(query.get('nextToken'));
  if (after === null) return { ok: false, message: 'nextToken is not one this API gave' };

  const matching = records
    .map((record) => ({ record, key: key(record) }))
    .filter(({ key: { startMs } }) => (start === undefined || startMs >= start) && startMs < end)
    .filter(({ key: k }) => after === undefined || isAfter(k, after))
    .sort((a, b) => (isAfter(a.key, b.key) ? 1 : -1));
  const page = matching.slice(0, limit);
  const last = page.at(-1);
  const body: { records: T[]; next_token?: string | null } = { records: page.map(({ record }) => record) };
  if (matching.length > limit && last) body.next_token = encodeNextToken(last.key);
  else if (lastPageToken === 'null') body.next_token = null;
  else if (lastPageToken === 'empty') body.next_token = '';
  return { ok: true, body };
}

function parseTime(text: string | null): number | undefined {
  if (text === null) return undefined;
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
}

const encodeNextToken = (key: Sortable) =>
  Buffer.from(JSON.stringify([key.startMs, key.id])).toString('base64url');

/** undefined when absent, null when it is not a token this API made. */
function parseNextToken(text: string | null): Sortable | undefined | null {
  if (text === null) return undefined;
  try {
    const [startMs, id] = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown[];
    return typeof startMs === 'number' && typeof id === 'string' ? { startMs, id } : null;
  } catch {
    return null;
  }
}
