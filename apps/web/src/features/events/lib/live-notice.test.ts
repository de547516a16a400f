import { describe, expect, it } from 'vitest';
import { liveNoticeText } from './live-notice.ts';

describe('liveNoticeText', () => {
  it.each([
    ['live', true, true, null],
    ['connecting', false, true, null],
    ['connecting', true, true, 'Live updates paused — reconnecting'],
    ['offline', true, true, 'Live updates paused — reconnecting'],
    ['offline', false, true, 'Live updates paused — reconnecting'],
    ['offline', true, false, 'Offline — data may be out of date'],
    ['offline', false, false, 'Offline — data may be out of date'],
  ] as const)('%s (connected before: %s, will retry: %s) → %s', (status, hasConnected, willRetry, text) => {
    expect(liveNoticeText({ status, hasConnected, willRetry })).toBe(text);
  });
});
