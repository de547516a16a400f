// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertAge } from './alert-age.tsx';

const RAISED = Date.parse('2026-03-02T08:00:00.000Z');

beforeEach(() => vi.useFakeTimers({ now: RAISED + 4 * 60_000 + 58_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('alert ages run about a minute behind (issue 40 item 9)', () => {
  it('reads "Raised 5 min ago" as the 5-minute escalation comes, not a minute later', () => {
    render(<AlertAge alert={{ raisedAt: new Date(RAISED).toISOString(), confirmedAt: null }} />);
    expect(screen.getByText('Raised 4 min ago')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000)); // 5 min 1 s: the escalation's tick
    expect(screen.getByText('Raised 5 min ago')).toBeTruthy();
  });
});
