import { LIVE_POSITION_HEADER } from '@vigil/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noteAnswer, readingEverythingAgain, streamClosed, streamOpened } from './live-position.ts';

const answer = (position?: string) =>
  new Response('[]', { headers: position ? { [LIVE_POSITION_HEADER]: position } : {} });

beforeEach(() => {
  // Forget reads held by an earlier test.
  streamOpened('00000000.0', () => {});
  streamClosed();
});

describe('reads the stream does not cover are read again', () => {
  it('leaves a read from where the stream began, or after, alone', () => {
    const again = vi.fn();
    noteAnswer(answer('a1b2c3d4.7'));
    streamOpened('a1b2c3d4.7', again);
    noteAnswer(answer('a1b2c3d4.9'));
    noteAnswer(answer());
    expect(again).not.toHaveBeenCalled();
  });

  it('reads again, once, what was read before the stream began', () => {
    const again = vi.fn();
    noteAnswer(answer('a1b2c3d4.5'));
    noteAnswer(answer('a1b2c3d4.6'));
    streamOpened('a1b2c3d4.7', again);
    noteAnswer(answer('a1b2c3d4.3'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('reads again what another server instance answered', () => {
    const again = vi.fn();
    noteAnswer(answer('ffffffff.90'));
    streamOpened('a1b2c3d4.7', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('checks an answer that arrives after the stream began against it', () => {
    const again = vi.fn();
    streamOpened('a1b2c3d4.7', again);
    noteAnswer(answer('a1b2c3d4.7'));
    expect(again).not.toHaveBeenCalled();
    noteAnswer(answer('a1b2c3d4.6'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('holds the reads made while the stream is down until the next one begins', () => {
    const first = vi.fn();
    const second = vi.fn();
    streamOpened('a1b2c3d4.7', first);
    streamClosed();
    noteAnswer(answer('a1b2c3d4.8'));
    expect(first).not.toHaveBeenCalled();
    streamOpened('a1b2c3d4.12', second);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('remembers a read from another instance however many reads came before it', () => {
    const again = vi.fn();
    for (let n = 10; n < 200; n++) noteAnswer(answer(`a1b2c3d4.${n}`));
    noteAnswer(answer('ffffffff.3'));
    streamOpened('a1b2c3d4.10', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('reads nothing a second time when a resumed stream reads everything again', () => {
    const again = vi.fn();
    noteAnswer(answer('a1b2c3d4.5'));
    readingEverythingAgain();
    streamOpened('a1b2c3d4.9', again);
    expect(again).not.toHaveBeenCalled();
  });
});
