import { isLivePositionBehind, LIVE_POSITION_HEADER } from '@vigil/domain';

/**
 * Whether what the screen read is covered by its event stream (decision 027). Every API read says
 * where the server's live events stood as it began; the stream says where it began to carry them.
 * A read from before that (the dashboard's list asked for as the page starts, ahead of the stream,
 * or any read while the stream was down) may lack an event the stream will never bring: the screen
 * reads again, once per stream.
 */
let streamPosition: string | null = null;
/**
 * The earliest read answered by each server instance while no stream was open: whether any read is
 * behind a stream's position is whether the earliest is.
 */
const earliestWithoutStream = new Map<string, string>();
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
  if (streamPosition !== null) {
    if (isLivePositionBehind(position, streamPosition)) behind();
    return;
  }
  const instance = position.split('.')[0]!;
  const earliest = earliestWithoutStream.get(instance);
  if (!earliest || isLivePositionBehind(position, earliest)) earliestWithoutStream.set(instance, position);
}

/**
 * The stream began to carry events after `position`: any read from before it is read again, by
 * `again` (called at most once for this stream).
 */
export function streamOpened(position: string, again: () => void): void {
  streamPosition = position;
  readAgain = again;
  const earlier = [...earliestWithoutStream.values()];
  earliestWithoutStream.clear();
  if (earlier.some((read) => isLivePositionBehind(read, position))) behind();
}

/**
 * Everything on screen is being read again (a stream resumed after a drop): the reads made while
 * it was down need no second reading.
 */
export function readingEverythingAgain(): void {
  earliestWithoutStream.clear();
}

/** The stream dropped or closed: reads until the next one are checked when it opens. */
export function streamClosed(): void {
  streamPosition = null;
  readAgain = null;
}
