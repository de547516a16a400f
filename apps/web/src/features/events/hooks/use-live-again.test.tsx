// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_AGAIN_SHOWN_MS, liveAgainText } from '../lib/live-notice.ts';
import type { LiveStreamState } from '../lib/live-stream-client.ts';
import { useLiveAgain } from './use-live-again.ts';

type State = Pick<LiveStreamState, 'status' | 'hasConnected'>;

beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 2, 2, 4, 31, 0) }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('"Live again — updated HH:MM" after an outage (issue 40 item 8)', () => {
  it('says so when the stream is back after being down, briefly', () => {
    const { result, rerender } = renderHook((state: State) => useLiveAgain(state), {
      initialProps: { status: 'live', hasConnected: true },
    });
    expect(result.current).toBeNull();
    rerender({ status: 'offline', hasConnected: true });
    expect(result.current).toBeNull();
    rerender({ status: 'live', hasConnected: true });
    expect(result.current).not.toBeNull();
    expect(liveAgainText(result.current!)).toBe('Live again — updated 04:31');
    act(() => vi.advanceTimersByTime(LIVE_AGAIN_SHOWN_MS - 1));
    expect(result.current).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBeNull();
  });

  it('says nothing at a page’s first connection', () => {
    const { result, rerender } = renderHook((state: State) => useLiveAgain(state), {
      initialProps: { status: 'connecting', hasConnected: false },
    });
    rerender({ status: 'live', hasConnected: true });
    expect(result.current).toBeNull();
  });
});
