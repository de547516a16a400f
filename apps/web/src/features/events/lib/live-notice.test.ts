import { describe, expect, it } from 'vitest';
import { isLiveDown, lastLiveText, nextAttemptText } from './live-notice.ts';

describe('the offline notice', () => {
  it.each([
    ['live', true, false],
    ['live', false, false],
    ['connecting', false, false],
    ['connecting', true, true],
    ['offline', true, true],
    ['offline', false, true],
  ] as const)('%s (connected before: %s) → down: %s', (status, hasConnected, isDown) => {
    expect(isLiveDown({ status, hasConnected })).toBe(isDown);
  });

  it('says when the stream was last live, in the ward’s 24-hour time', () => {
    expect(lastLiveText(new Date().setHours(16, 24, 0, 0))).toBe('Last live 16:24');
    expect(lastLiveText(null)).toBe('Live updates have not started');
  });

  it('says when it tries again', () => {
    const now = 1_000_000;
    expect(nextAttemptText({ status: 'offline', nextAttemptAt: now + 24_100 }, now)).toBe(
      'Trying again in 25 s',
    );
    expect(nextAttemptText({ status: 'offline', nextAttemptAt: now - 5 }, now)).toBe('Reconnecting…');
    expect(nextAttemptText({ status: 'connecting', nextAttemptAt: null }, now)).toBe('Reconnecting…');
  });
});
