import { isLivePositionBehind, LIVE_POSITION_HEADER } from '@vigil/domain';

/**
 * Whether what the screen read is covered by its event stream (decision 027). Every API read says
 * where the server's live events stood as it began; the stream says where it began to carry them.
 * A read from before that (the dashboard's list asked for as the page starts, ahead of the stream,
 * or any read while the stream was down) may lack an event the stream will never bring: the screen
 * reads again, once per stream.
 */
let streamPosition: string | null = null;
/** Positions of reads answered while no stream was open (one per server instance at most). */
const readsWithoutStream = new Set<string>();
let readAgain: (() => void) | null = null;

function behind() {
  const again = readAgain;
  readAgain = null;
  again?.();
}

/** An API answer arrived (api-client): notes where it was read. */
export function noteAnswer(res: Response): void {
  const position = res.headers.get(LIVE_POSITION_HEADER);
  if (!position) return;
  if (streamPosition === null) {
    if (readsWithoutStream.size < 64) readsWithoutStream.add(position);
  } else if (isLivePositionBehind(position, streamPosition)) {
    behind();
  }
}

/**
 * The stream began to carry events after `position`: any read from before it is read again, by
 * `again` (called at most once for this stream).
 */
export function streamOpened(position: string, again: () => void): void {
  streamPosition = position;
  readAgain = again;
  const earlier = [...readsWithoutStream];
  readsWithoutStream.clear();
  if (earlier.some((read) => isLivePositionBehind(read, position))) behind();
}

/** The stream dropped or closed: reads until the next one are checked when it opens. */
export function streamClosed(): void {
  streamPosition = null;
  readAgain = null;
}
