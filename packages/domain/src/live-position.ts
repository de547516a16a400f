import { z } from 'zod';

/**
 * Where an instance's live events stood when an answer was read (a response header on every API
 * read) or when a stream began to carry them (the `stream-opened` event): `<instance>.<count of
 * events it had sent>`. An answer read at an earlier position than its stream's, or on another
 * instance, may lack an event the stream will never bring, so the client reads it again.
 */
export const LIVE_POSITION_HEADER = 'vigil-live-position';
export const LivePosition = z.string().regex(/^[0-9a-f]{8}\.\d+$/);
export function isLivePositionBehind(answer: string, stream: string): boolean {
  const [answerInstance, answerCount] = answer.split('.');
  const [streamInstance, streamCount] = stream.split('.');
  return answerInstance !== streamInstance || Number(answerCount) < Number(streamCount);
}
