import { type ComponentType, createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  chunkRetryDelay,
  type ImportRetryOptions,
  importWithRetry,
  lazyWithRetry,
} from './lazy-with-retry.ts';

function fakeOptions(reachable: boolean[]) {
  const waits: number[] = [];
  let retries = 0;
  const options: ImportRetryOptions = {
    isServerReachable: async () => reachable.shift() ?? true,
    wait: async (ms) => {
      waits.push(ms);
    },
    beforeRetry: () => {
      retries++;
    },
  };
  return { options, waits, retries: () => retries };
}

describe('loading a code chunk during an outage', () => {
  it('keeps trying while the server is away, and loads once it is back', async () => {
    const outcomes = [false, false, false, true];
    const load = async () => {
      if (!outcomes.shift()) throw new Error('Failed to fetch dynamically imported module');
      return 'chunk';
    };
    const fake = fakeOptions([false, false, false]);
    await expect(importWithRetry(load, fake.options)).resolves.toBe('chunk');
    expect(fake.waits).toEqual([1000, 2000, 4000]);
    expect(fake.retries()).toBe(3);
  });

  it('fails at once when the server answers but has no such chunk (a new version deployed)', async () => {
    const fake = fakeOptions([true]);
    await expect(
      importWithRetry(async () => {
        throw new Error('Failed to fetch dynamically imported module');
      }, fake.options),
    ).rejects.toThrow('Failed to fetch');
    expect(fake.waits).toEqual([]);
  });

  it('waits at most 30 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(chunkRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('a lazy screen whose chunk was asked for ahead of its render', () => {
  const render = (Screen: ComponentType) =>
    renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(Screen)));
  const Screen = () => createElement('p', null, 'the screen');

  it('draws at once, without a fallback in between', async () => {
    const Preloaded = lazyWithRetry(async () => ({ default: Screen }));
    await Preloaded.preload();
    const html = render(Preloaded);
    expect(html).toContain('<p>the screen</p>');
    expect(html).not.toContain('loading');
  });

  it('shows the fallback first when it was not', () => {
    const NotPreloaded = lazyWithRetry(async () => ({ default: Screen }));
    const html = render(NotPreloaded);
    expect(html).toContain('loading');
    expect(html).not.toContain('the screen');
  });

  it('asks for its chunk once, however often it is preloaded and drawn', async () => {
    let loads = 0;
    const Counted = lazyWithRetry(async () => {
      loads++;
      return { default: Screen };
    });
    await Promise.all([Counted.preload(), Counted.preload()]);
    render(Counted);
    expect(loads).toBe(1);
  });
});
